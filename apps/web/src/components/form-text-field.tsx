import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldValues, type Path, useController } from 'react-hook-form';
import { useTypedBeforeHydration } from '../lib/typed-before-hydration';

/**
 * A text field of a schema form (lib/schema-form.ts): shows its field's problem, the browser's or the
 * server's, under it, and `helperText` otherwise. `reformat` rewrites what is typed before it is kept
 * (e.g. a price keeps only digits and one point); the field is controlled, so a refused character never shows.
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
  const keep = (text: string) => field.onChange(reformat ? reformat(text) : text);
  const adoptTyped = useTypedBeforeHydration(keep);
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => keep(event.target.value)}
      onBlur={field.onBlur}
      inputRef={(element: HTMLInputElement | null) => {
        field.ref(element);
        adoptTyped(element);
      }}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? helperText}
      disabled={disabled ?? formState.isSubmitting}
    />
  );
}
