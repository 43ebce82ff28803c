import { helperMay, helperMayNot, helperMessages } from '@seva/shared';

/** What a helper can and cannot do, as the invitation e-mail says it (issue #18). */
export function HelperPowers() {
  return (
    <div className="helper-powers">
      <h2>{helperMessages.youCanHeading}</h2>
      <ul>
        {helperMay.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <h2>{helperMessages.youCannotHeading}</h2>
      <ul>
        {helperMayNot.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
