import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths, type ScreenPath } from '../../lib/paths.ts';
import { useEmergencyContacts } from './api/get-contacts.ts';
import { useFaceCount } from './api/get-face-count.ts';
import { useUpdatesAvailable } from './api/get-features.ts';
import { usePairedGlassesCount } from './api/get-paired-glasses.ts';

/** One step of the set-up: whether it is done, what that means, and where to act on it. */
interface SetUpStep {
  id: string;
  title: string;
  /** undefined while it is being checked. */
  done: boolean | undefined;
  text: string;
  link: { to: ScreenPath; label: string };
}

/** The text of a step whose answer is loading or failed (`words`); otherwise `read` words the answer. */
function stepText<T>(words: { failed: string; checking: string }, query: UseQueryResult<T>, read: (data: T) => string): string {
  if (query.isError) return words.failed;
  if (query.data === undefined) return words.checking;
  return read(query.data);
}

/**
 * The steps, in the order a new user takes them: the glasses first (issue #10), as everything else is for them. A
 * helper (issue #18; `wearer` is whom they help) sees the others: only the wearer pairs glasses.
 */
function useSetUpSteps(email: string | undefined, wearer: string | undefined): SetUpStep[] {
  const { t } = useLingui();
  const words = { failed: t`This could not be checked just now.`, checking: t`Checking…` };
  const glasses = usePairedGlassesCount(wearer === undefined);
  const contacts = useEmergencyContacts();
  const faces = useFaceCount(email);
  const updates = useUpdatesAvailable();
  const primary = contacts.data?.[0];
  const steps: SetUpStep[] = [
    {
      id: 'glasses',
      title: t`Glasses`,
      done: glasses.data === undefined ? undefined : glasses.data > 0,
      text: stepText(words, glasses, (n) =>
        n === 0 ? t`No glasses paired yet. Pair your glasses so they get your faces and emergency contacts.` : n === 1 ? t`Your glasses are paired.` : t`${n} pairs of glasses are paired.`,
      ),
      link: glasses.data ? { to: paths.profile, label: t`See paired glasses` } : { to: paths.pair, label: t`Pair your glasses` },
    },
    {
      id: 'contact',
      title: t`Emergency contact`,
      done: contacts.data === undefined ? undefined : primary !== undefined,
      text: stepText(words, contacts, () => {
        const name = primary?.name;
        return name ? t`${name} is your primary emergency contact.` : t`No emergency contact yet. Your glasses need one to call for help.`;
      }),
      link: primary ? { to: paths.sos, label: t`Check emergency contacts` } : { to: paths.sos, label: t`Add an emergency contact` },
    },
    {
      id: 'faces',
      title: t`Faces`,
      done: faces.data === undefined ? undefined : faces.data > 0,
      text: stepText(words, faces, (n) =>
        n > 0 ? t`${plural(n, { one: '# face', other: '# faces' })} saved for your glasses to recognise.` : t`No faces yet. Add the people you would like your glasses to recognise.`,
      ),
      link: faces.data === 0 ? { to: paths.addFace, label: t`Add a face` } : { to: paths.faces, label: t`Manage faces` },
    },
    {
      id: 'updates',
      title: t`Feature updates`,
      // Done only when there are glasses to be up to date: a first visit has nothing installed yet.
      // A helper cannot see the wearer's glasses: for them the step is about the updates alone.
      done: updates.data === undefined ? undefined : wearer !== undefined ? updates.data === 0 : glasses.data === undefined ? undefined : glasses.data > 0 && updates.data === 0,
      text:
        glasses.data === 0
          ? t`Pair your glasses first; then you can install features on them.`
          : stepText(words, updates, (n) => (n > 0 ? t`${plural(n, { one: '# feature update', other: '# feature updates' })} available to install.` : t`Your glasses are up to date.`)),
      link: { to: paths.updates, label: (updates.data ?? 0) > 0 ? t`Install updates` : t`See all features` },
    },
  ];
  return wearer === undefined ? steps : steps.filter((step) => step.id !== 'glasses');
}


/** The dashboard's lead (issue #9): where the user's set-up stands and the next step, as a short checklist. */
export function SetUpChecklist({ email, wearer }: { email: string | undefined; wearer?: string | undefined }) {
  const { t } = useLingui();
  const stateWord = (done: boolean) => (done ? t`Done` : t`Not started`);
  const steps = useSetUpSteps(email, wearer);
  const checked = steps.filter((s) => s.done !== undefined);
  const done = steps.filter((s) => s.done).length;
  const total = steps.length;
  return (
    <section className="card setup" aria-labelledby="setup-heading">
      <h2 id="setup-heading">{wearer === undefined ? t`Your set-up` : t`${wearer}'s set-up`}</h2>
      <p className="setup-summary">{checked.length === steps.length ? t`${done} of ${total} done.` : t`Checking your set-up…`}</p>
      <ul className="setup-steps">
        {steps.map((step) => (
          <li key={step.id} className={`setup-step setup-step-${step.done === undefined ? 'pending' : step.done ? 'done' : 'todo'}`}>
            {/* The name says the state after a colon ('Faces: Not started'); the tag shows it. A step not yet taken is
                the normal start, not an error: a neutral tag, as GOV.UK's task list has it. */}
            <h3 className="setup-step-title" aria-label={step.done === undefined ? step.title : `${step.title}: ${stateWord(step.done)}`}>
              {step.done ? (
                <span className="setup-step-mark" aria-hidden="true">
                  ✓
                </span>
              ) : null}
              <span>{step.title}</span>
              {step.done === undefined ? null : <span className="setup-step-state">{stateWord(step.done)}</span>}
            </h3>
            <p>{step.text}</p>
            <p>
              <Link to={step.link.to}>{step.link.label}</Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
