import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { helperMay, helperMayNot, helperMessages } from '@seva/shared';

/** What a helper can and cannot do, as the invitation e-mail says it (issue #18). */
export function HelperPowers() {
  const localise = useLocalise();
  return (
    <div className="helper-powers">
      <h2>{localise(helperMessages.youCanHeading)}</h2>
      <ul>
        {helperMay.map((item) => (
          <li key={item}>{localise(item)}</li>
        ))}
      </ul>
      <h2>{localise(helperMessages.youCannotHeading)}</h2>
      <ul>
        {helperMayNot.map((item) => (
          <li key={item}>{localise(item)}</li>
        ))}
      </ul>
    </div>
  );
}
