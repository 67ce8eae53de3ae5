import TextField from '@mui/material/TextField';
import { GIFT_MESSAGE_MAX, GIFT_MESSAGE_TEXTS } from '@sweetwish/shared/gift-message-rules';
import { giftMessageProblem } from './gift-message-problem';

// Apart from gift-message-field.tsx: the wish page, rendered on the server, loads no form library.

/** The same field outside a schema form (the wish page's buy dialog). */
export function GiftMessageInput({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (text: string) => void;
  disabled: boolean;
}) {
  const problem = giftMessageProblem(value);
  return (
    <TextField
      label={GIFT_MESSAGE_TEXTS.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={problem !== null}
      helperText={problem ?? `${value.trim().length}/${GIFT_MESSAGE_MAX}`}
      disabled={disabled}
      fullWidth
      slotProps={{ htmlInput: { maxLength: GIFT_MESSAGE_MAX, autoComplete: 'off' } }}
    />
  );
}
