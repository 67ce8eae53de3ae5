import { GIFT_MESSAGE_MAX, GIFT_MESSAGE_TEXTS } from '@sweetwish/shared/gift-message-rules';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormTextField } from '../form-text-field';

/**
 * The optional message a fan sends with a tip or gift (decision 100): one line, at most 200 characters, a
 * count under it. The creator sees it, and it may be shown and read aloud on their stream.
 */
export function GiftMessageField<Values extends FieldValues>({
  control,
  name,
  disabled,
  length,
}: {
  control: Control<Values, unknown, FieldValues>;
  name: Path<Values>;
  disabled: boolean;
  length: number;
}) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={GIFT_MESSAGE_TEXTS.label}
      helperText={`${length}/${GIFT_MESSAGE_MAX}`}
      disabled={disabled}
      fullWidth
      slotProps={{ htmlInput: { maxLength: GIFT_MESSAGE_MAX, autoComplete: 'off' } }}
    />
  );
}
