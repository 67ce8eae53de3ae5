import { CONTROL_CHARACTER } from '@sweetwish/shared/control-character';
import { GIFT_MESSAGE_MAX, GIFT_MESSAGE_TEXTS } from '@sweetwish/shared/gift-message-rules';

/** What is wrong with a typed message, or null (the shared schema's rules, without loading zod). */
export function giftMessageProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length > GIFT_MESSAGE_MAX) return GIFT_MESSAGE_TEXTS.tooLong;
  if (CONTROL_CHARACTER.test(trimmed)) return GIFT_MESSAGE_TEXTS.controlCharacter;
  return null;
}
