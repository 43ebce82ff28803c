import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormHTMLAttributes, type ReactNode } from 'react';
import { useForm, useFormState, type FieldValues, type Path, type Resolver, type SubmitErrorHandler, type SubmitHandler, type UseFormHandleSubmit, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { messages } from '@seva/shared';
import { ApiError, withReference } from '../../lib/api-client.ts';
import { ErrorSummary, fieldProblems } from './error-summary.tsx';

/** A shared schema from @seva/shared (or a screen's own): what the fields hold in, what a valid submit gives out. */
type FormSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form's rules: the schema itself, or a module of `lib/form-rules/` to load, which exports it as `schema`. A public
 * page loads its rules (zod, and the phone parser for sign-up) when the form first checks them, not with the page's
 * script (D-054); the server checks every rule again, so nothing depends on the browser having them sooner.
 */
export type FormRules<S extends FormSchema> = S | (() => Promise<{ schema: S }>);

/** The resolver of rules loaded on the form's first check; once loaded, zod's own resolver checks as it did before. */
function loadingResolver<S extends FormSchema>(load: () => Promise<{ schema: S }>): Resolver<z.input<S>, unknown, z.output<S>> {
  let loaded: Resolver<z.input<S>, unknown, z.output<S>> | undefined;
  let loading: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return (values, context, options) => {
    if (loaded) return loaded(values, context, options);
    loading ??= load().then(({ schema }) => (loaded = zodResolver(schema)));
    return loading.then((resolver) => resolver(values, context, options));
  };
}

type ZodFormOptions<S extends FormSchema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> & {
  /**
   * What the error summary says when the submit failed and the server said nothing the user can act on (a server
   * error, or no answer that is the portal's): product §8's catch-all, `messages.serverError` unless the form's own.
   */
  fallbackFailure?: string;
  /** How the summary words a refusal no field is to blame for, when the form's words wrap it ('Failed to delete your account: {message}', D-056). */
  refusalWording?: (message: string) => string;
};

/** A react-hook-form form that also knows whether its request is out: `sending` (see useZodForm). */
export type ZodForm<TFieldValues extends FieldValues, TValid extends FieldValues> = UseFormReturn<TFieldValues, unknown, TValid> & {
  /** True from the moment a submit passed the schema until its handler is done: what a screen calls busy. */
  sending: boolean;
  /** Why the last submit was refused when no field of the form is to blame; <Form>'s summary says it. */
  refusal: string | null;
};

/**
 * The one way a screen makes a form: react-hook-form checked by a zod schema, so the form gives the same
 * messages the server does. react-hook-form's defaults hold unless `options` say otherwise: checked on submit,
 * then again on every change. On a failed submit the error summary takes focus (<Form>), not the first wrong field.
 * `sending` is not react-hook-form's `isSubmitting`, which is true while the schema checks too: a screen that says
 * 'Creating your account…' from `sending` says it only once the request is really sent.
 * A submit handler that throws has been refused: the refusal is placed the same way for every form (placeRefusal),
 * on the field the server names when the form has it, else in `refusal`, which <Form>'s error summary says.
 */
export function useZodForm<S extends FormSchema>(
  rules: FormRules<S>,
  { fallbackFailure = messages.serverError, refusalWording, ...options }: ZodFormOptions<S> = {},
): ZodForm<z.input<S>, z.output<S>> {
  // A loader is kept from the form's first render (a screen writes it inline); a schema may change with what it checks.
  const [loading] = useState(() => (typeof rules === 'function' ? loadingResolver(rules) : null));
  const given = useMemo(() => (typeof rules === 'function' ? null : zodResolver(rules)), [rules]);
  const resolver = loading ?? given!;
  const form = useForm<z.input<S>, unknown, z.output<S>>({ shouldFocusError: false, ...options, resolver }) as ZodForm<z.input<S>, z.output<S>>;
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // react-hook-form hands back the same object on every render (screens' effects depend on it), so it is extended in
  // place: its own handleSubmit, kept once, is wrapped to mark the time the request is out.
  if (!originalSubmits.has(form.control)) originalSubmits.set(form.control, form.handleSubmit as UseFormHandleSubmit<FieldValues>);
  const handleSubmit = originalSubmits.get(form.control) as typeof form.handleSubmit;
  const handleSending = useCallback<typeof handleSubmit>(
    (onValid, onInvalid) =>
      handleSubmit(async (values, event) => {
        setSending(true);
        setRefusal(null);
        try {
          return await onValid(values, event);
        } catch (error) {
          const refusal = placeRefusal(error, form, fallbackFailure);
          setRefusal(refusal !== null && refusalWording ? refusalWording(refusal) : refusal);
        } finally {
          setSending(false);
        }
      }, onInvalid),
    [handleSubmit, form, fallbackFailure, refusalWording],
  );
  return Object.assign(form, { handleSubmit: handleSending, sending, refusal });
}

/**
 * Puts a server refusal where the user will meet it: on its field when the server names one the user can see in the
 * form (then null: the error summary lists it with the fields' other errors), otherwise returned for the summary's
 * first line, so that it is said once. A network failure says so; a server error says `fallback` and its reference;
 * anything else (not the portal's answer) says `fallback`.
 */
function placeRefusal<T extends FieldValues>(error: unknown, form: UseFormReturn<T, unknown, FieldValues>, fallback: string): string | null {
  if (!(error instanceof ApiError)) return fallback;
  if (error.isNetworkError) return error.message;
  // The request's reference goes with it, so support can find it in the logs (D-030).
  if (error.status >= 500) return withReference(fallback, error.reference);
  const control = error.field ? formElements.get(form.control)?.elements.namedItem(error.field) : null;
  if (!error.field || !control || (control instanceof HTMLInputElement && control.type === 'hidden')) return error.message;
  form.setError(error.field as Path<T>, { type: 'server', message: error.message });
  return null;
}

/** Each form's <form> element, once <Form> has drawn it: where a refusal looks for the field it names. */
const formElements = new WeakMap<object, HTMLFormElement>();

/** Each form's own handleSubmit, before useZodForm wrapped it. */
const originalSubmits = new WeakMap<object, UseFormHandleSubmit<FieldValues>>();

type FormProps<TFieldValues extends FieldValues, TValid extends FieldValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  form: ZodForm<TFieldValues, TValid>;
  /** Runs with the schema's parsed values when every field passes; if it throws, the form places the refusal (useZodForm). */
  onSubmit: SubmitHandler<TValid>;
  /** Runs after a submit some field failed (the fields are already marked and the summary focused). */
  onInvalid?: SubmitErrorHandler<TFieldValues> | undefined;
  /** Why the screen refused the last submit itself, when no field is to blame: the summary's first line. */
  failure?: string | null | undefined;
  children: ReactNode;
};

/**
 * A `<form>` for a `useZodForm` form: the browser's own checks are off (the schema's messages are shown instead).
 * A submit that fails, on a field or with a `failure`, shows GOV.UK's error summary above the fields, which takes
 * focus and links to each wrong field; each message is then said once, there (fields' own messages are not live, and
 * a screen gives a form's refusal to `failure`, not to its live region).
 * `method="dialog"`: a submit before the app's script has taken over a prerendered page (/login) is never sent by the
 * browser, which would put the fields, password included, in the address; the page's first script keeps it, and the
 * app sends it once it runs (D-065). What was typed stays.
 */
export function Form<TFieldValues extends FieldValues, TValid extends FieldValues>({ form, onSubmit, onInvalid, failure, children, ...props }: FormProps<TFieldValues, TValid>) {
  const element = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const { errors, submitCount } = useFormState({ control: form.control });
  // After each submit that failed, the summary takes focus: react-hook-form counts a submit once it is over, in the same
  // update as its errors, and after the handler has set any `failure`, so the summary is drawn by then. A submit that
  // worked draws no summary, and focus stays where it was.
  useEffect(() => {
    if (submitCount > 0) summary.current?.focus();
  }, [submitCount]);
  // The summary links to the fields' controls, which it finds in the form once it is on the page: a form that shows
  // with errors already (put back after a step elsewhere) draws once more when mounted, to link them.
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => setMounted(true), []);
  useLayoutEffect(() => {
    if (element.current) formElements.set(form.control, element.current);
  }, [form.control]);
  const controlOf = (name: string) => {
    const control = mounted ? element.current?.elements.namedItem(name) : null;
    return control instanceof HTMLElement ? control : undefined;
  };
  const controls = element.current ? [...element.current.elements] : [];
  const place = (name: string) => {
    const control = controlOf(name);
    return control ? controls.indexOf(control) : controls.length;
  };
  // In the order of the fields on screen, as GOV.UK's summary lists them.
  const problems = fieldProblems(errors).sort((a, b) => place(a.name) - place(b.name));
  return (
    <form ref={element} method="dialog" {...props} noValidate onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
      <ErrorSummary
        ref={summary}
        failure={failure ?? form.refusal}
        problems={problems}
        controlId={(name) => controlOf(name)?.id || undefined}
        onFollow={(name) => form.setFocus(name as Path<TFieldValues>)}
      />
      {children}
    </form>
  );
}
