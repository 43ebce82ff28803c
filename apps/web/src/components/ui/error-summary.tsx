import { Trans } from '@lingui/react/macro';
import { useId, type MouseEvent, type Ref } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { useLocalise } from '../../lib/i18n/use-localise.ts';

/** One wrong field: its name in the form (`contacts.0.phoneNumber`) and its message. */
interface FieldProblem {
  name: string;
  message: string;
}

/** Every field message in react-hook-form's (nested) errors, in the order of the form's fields; root errors aside. */
export function fieldProblems(errors: FieldErrors<FieldValues>, prefix = ''): FieldProblem[] {
  return Object.entries(errors).flatMap(([key, value]): FieldProblem[] => {
    if (!value || typeof value !== 'object' || (prefix === '' && key === 'root')) return [];
    const name = prefix + key;
    if (typeof value.message === 'string' && 'type' in value) return value.message ? [{ name, message: value.message }] : [];
    return fieldProblems(value as FieldErrors<FieldValues>, `${name}.`);
  });
}

interface ErrorSummaryProps {
  /** A refusal that names no field (a server's 'Invalid credentials'). */
  failure: string | null | undefined;
  problems: FieldProblem[];
  /** The id of the control of a field, for its link; none (a hidden field such as a link's token): said without a link. */
  controlId: (name: string) => string | undefined;
  /** Moves focus to a field's control (its link was followed). */
  onFollow: (name: string) => void;
  ref?: Ref<HTMLDivElement>;
}

/**
 * GOV.UK's error summary: 'There is a problem' and each problem, a field's as a link to that field. The form focuses it
 * after a failed submit, so it is read once, there; it is no live region, so nothing says it a second time.
 */
export function ErrorSummary({ failure, problems, controlId, onFollow, ref }: ErrorSummaryProps) {
  const headingId = useId();
  // The rules' messages are written in English; the server's refusals arrive in the page's language already.
  const localise = useLocalise();
  // Each message once: several blank fields with one refusal link to the first; a failure a field already says, not again.
  const unique = problems.filter((problem, index) => problems.findIndex((p) => p.message === problem.message) === index);
  const general = failure && !unique.some((p) => p.message === failure) ? failure : null;
  if (!general && unique.length === 0) return null;
  const follow = (name: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onFollow(name);
  };
  return (
    <div ref={ref} className="error-summary" role="group" aria-labelledby={headingId} tabIndex={-1}>
      <h2 id={headingId} className="error-summary-title">
        <Trans>There is a problem</Trans>
      </h2>
      <ul>
        {general ? <li>{localise(general)}</li> : null}
        {unique.map((problem) => {
          const id = controlId(problem.name);
          return (
            <li key={problem.name}>
              {id ? (
                <a href={`#${id}`} onClick={follow(problem.name)}>
                  {localise(problem.message)}
                </a>
              ) : (
                localise(problem.message)
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
