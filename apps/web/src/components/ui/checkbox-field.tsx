import { useId } from 'react';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

interface CheckboxFieldProps {
  label: string;
  /** Said after the label as its description, not as part of its name. */
  hint?: string;
  isSelected: boolean;
  onChange: (value: boolean) => void;
}

/**
 * A labelled checkbox with an optional hint under its label: the browser's own checkbox, which every screen reader,
 * keyboard and forced-colours mode already knows, drawn large in the brand's colour (D-059).
 */
export function CheckboxField({ label, hint, isSelected, onChange }: CheckboxFieldProps) {
  // Labels and hints of the shared rules are English (D-058), said in the page's language.
  const localise = useLocalise();
  const hintId = useId();
  return (
    <div className="checkbox-field">
      <label className="checkbox">
        <input type="checkbox" checked={isSelected} onChange={(event) => onChange(event.target.checked)} aria-describedby={hint ? hintId : undefined} />
        <span>{localise(label)}</span>
      </label>
      {hint ? (
        <span id={hintId} className="field-hint checkbox-hint">
          {localise(hint)}
        </span>
      ) : null}
    </div>
  );
}
