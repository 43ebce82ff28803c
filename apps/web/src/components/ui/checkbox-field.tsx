import { useLocalise } from '../../lib/i18n/use-localise.ts';
import { Checkbox } from 'react-aria-components';

/** A labelled checkbox (react-aria) with an optional hint under its label; checked state is drawn as a tick. */
export function CheckboxField({ label, hint, isSelected, onChange }: { label: string; hint?: string; isSelected: boolean; onChange: (value: boolean) => void }) {
  // Labels and hints of the shared rules are English (D-058), said in the page's language.
  const localise = useLocalise();
  return (
    <Checkbox isSelected={isSelected} onChange={onChange} className="checkbox">
      <span className="checkbox-box" aria-hidden="true">
        {isSelected ? '✓' : ''}
      </span>
      <span>
        {localise(label)}
        {hint ? <span className="field-hint checkbox-hint">{localise(hint)}</span> : null}
      </span>
    </Checkbox>
  );
}
