import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';

/**
 * A text field of a schema form (lib/schema-form.ts): shows its field's problem, the browser's or the
 * server's, under it, and `helperText` otherwise. `reformat` rewrites what is typed before it is kept
 * (e.g. a price keeps only digits and one point). A refused character never shows: when the kept text differs
 * from what the element holds, it is written back to the element (React's controlled input did this by itself;
 * Preact, which runs the app, leaves the DOM alone when the state does not change, decision 035).
 */
export function FormTextField<Values extends FieldValues>({
  control,
  name,
  reformat,
  helperText = ' ',
  disabled,
  ...props
}: { control: Control<Values, unknown, FieldValues>; name: Path<Values>; reformat?: (text: string) => string } & Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'inputRef'
>) {
  const { field, fieldState, formState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        const element = event.target;
        const kept = reformat ? reformat(element.value) : element.value;
        if (element.value !== kept) element.value = kept;
        field.onChange(kept);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      disabled={disabled ?? formState.isSubmitting}
    />
  );
}
