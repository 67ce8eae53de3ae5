import TextField from '@mui/material/TextField';
import { CONTROL_CHARACTER } from '@sweetwish/shared/control-character';
import { GIFT_MESSAGE_MAX, GIFT_MESSAGE_TEXTS } from '@sweetwish/shared/gift-message-rules';

// Apart from gift-message-field.tsx: the wish page, rendered on the server, loads no form library.

/** What is wrong with a typed message, or null (the shared schema's rules, without loading zod). */
export function giftMessageProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > GIFT_MESSAGE_MAX) return GIFT_MESSAGE_TEXTS.tooLong;
  if (CONTROL_CHARACTER.test(trimmed)) return GIFT_MESSAGE_TEXTS.controlCharacter;
  return null;
}

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
