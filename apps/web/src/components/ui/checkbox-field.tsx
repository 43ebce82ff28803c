import { Checkbox } from 'react-aria-components';

/** A labelled checkbox (react-aria) with an optional hint under its label; checked state is drawn as a tick. */
export function CheckboxField({ label, hint, isSelected, onChange }: { label: string; hint?: string; isSelected: boolean; onChange: (value: boolean) => void }) {
  return (
    <Checkbox isSelected={isSelected} onChange={onChange} className="checkbox">
      <span className="checkbox-box" aria-hidden="true">
        {isSelected ? '✓' : ''}
      </span>
      <span>
        {label}
        {hint ? <span className="field-hint checkbox-hint">{hint}</span> : null}
      </span>
    </Checkbox>
  );
}
