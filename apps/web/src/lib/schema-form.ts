import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';
import { type NotificationPlacement, notify } from './notification-store';

/** A form's values as typed (the schema's input) and as parsed for the call (its output). */
export type SchemaForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/**
 * The app's one way to build a form (decision 030): react-hook-form checking the values with a schema
 * from `packages/shared`, the same one the server parses the call with, so both sides word a problem
 * alike. Problems show as the user types (`onChange`), on the field they belong to.
 */
export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
): SchemaForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues,
    mode: 'onChange',
  });
}

type SubmitOptions<Values extends FieldValues> = {
  /** What the user reads when the call fails for a reason no field carries (product.md's text for that form). */
  failureMessage: string | ((error: unknown) => string);
  /** Server field paths that are named differently in the form (e.g. `cost` is typed as `price`). */
  fieldOfServer?: Partial<Record<string, Path<Values>>>;
  /** Where `failureMessage` shows: sign-in screens tell failures as a toast (product.md section 8). */
  placement?: NotificationPlacement;
  /** Called when a submit is refused because the values break the schema (e.g. a spec toast for it too). */
  onInvalid?: SubmitErrorHandler<Values>;
};

/**
 * The form's submit handler: runs `action` with the parsed values while `formState.isSubmitting` holds
 * (buttons disable on it). When the call fails, each of the server's `fields` problems is shown on its
 * field; any other failure is told with `failureMessage`. `action` may throw to fail.
 */
export function submitSchemaForm<In extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<In, unknown, Out>,
  action: SubmitHandler<Out>,
  { failureMessage, fieldOfServer = {}, placement, onInvalid }: SubmitOptions<In>,
) {
  return form.handleSubmit(async (values) => {
    try {
      await action(values);
    } catch (error) {
      if (showServerFieldErrors(form, error, fieldOfServer)) return;
      notify(typeof failureMessage === 'function' ? failureMessage(error) : failureMessage, { placement });
    }
  }, onInvalid);
}

/** Puts each of an ApiError's field problems on the form field it names; false when none is a form field. */
export function showServerFieldErrors<In extends FieldValues, Out extends FieldValues>(
  form: UseFormReturn<In, unknown, Out>,
  error: unknown,
  fieldOfServer: Partial<Record<string, Path<In>>> = {},
): boolean {
  if (!(error instanceof ApiError) || !error.body.fields) return false;
  const formFields = new Set(Object.keys(form.getValues()));
  let isShown = false;
  for (const [serverField, message] of Object.entries(error.body.fields)) {
    const field = fieldOfServer[serverField] ?? serverField;
    if (!formFields.has(field.split('.')[0] ?? field)) continue;
    form.setError(field as Path<In>, { type: 'server', message });
    isShown = true;
  }
  return isShown;
}
