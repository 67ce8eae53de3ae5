import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { keepText } from '../lib/kept-text';

/**
 * A text field of a schema form (lib/schema-form.ts): shows its field's problem, the browser's or the
 * server's, under it, and `helperText` otherwise. `reformat` rewrites what is typed before it is kept
 * (e.g. a price keeps only digits and one point); a refused character never shows (lib/kept-text.ts).
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
      onChange={(event) => field.onChange(reformat ? keepText(event.target, reformat) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      disabled={disabled ?? formState.isSubmitting}
    />
  );
}
