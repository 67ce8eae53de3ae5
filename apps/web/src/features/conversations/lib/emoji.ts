/**
 * The emoji picker's choice (product.md section 2: a text input with an emoji picker, hidden on mobile, where the
 * keyboard has its own). A short list of common ones, drawn by the system font: no library, no network.
 */
export const COMMON_EMOJI: readonly string[] = [
  '😀 😂 🥰 😍 😘 😊 😉 😎',
  '🤩 🥳 😇 🤗 🤭 😳 🥺 😢',
  '😭 😅 🙈 🙏 👏 🙌 👍 👋',
  '💪 ✨ 🔥 🎉 🎁 💐 🌸 🌹',
  '❤️ 🩷 💕 💖 💗 💝 💋 ⭐',
]
  .join(' ')
  .split(' ');

/**
 * `insert` placed at the caret (replacing a selection) of `text`; `caret` is where the caret goes after it,
 * so the next emoji or letter follows the inserted one.
 */
export function insertAtCaret(
  text: string,
  insert: string,
  selection: { start: number | null; end: number | null },
): { text: string; caret: number } {
  const start = Math.min(selection.start ?? text.length, text.length);
  const end = Math.max(start, Math.min(selection.end ?? start, text.length));
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
