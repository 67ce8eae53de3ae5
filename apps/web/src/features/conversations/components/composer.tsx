import AttachImageIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import SendIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import OutlinedInput from '@mui/material/OutlinedInput';
import { CHAT_MESSAGES, MESSAGE_MAX } from '@sweetwish/shared/conversation-rules';
import { MessageDraft } from '@sweetwish/shared/conversations';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { notify } from '../../../lib/notification-store';
import { submitSchemaForm, useSchemaForm } from '../../../lib/schema-form';
import { sendImage, sendText } from '../api/conversation-calls';
import { addAttachments } from '../lib/attachments';
import { insertAtCaret } from '../lib/emoji';
import { isThisDeviceMobile } from '../lib/is-mobile';
import { AttachmentPreviews } from './attachment-previews';
import { EmojiPicker } from './emoji-picker';

/** Whether this device counts as mobile now (product.md section 9), followed as the window changes size. */
function useIsMobile(): boolean {
  const [isMobile, setIsMobile] = useState(isThisDeviceMobile);
  useEffect(() => {
    const update = () => setIsMobile(isThisDeviceMobile());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return isMobile;
}

/**
 * The message composer (product.md sections 2, 4 and 5): a text field with an emoji picker (not on mobile, where
 * the keyboard has emoji), an attach-image button (several images, each file name once), 75x75 previews
 * with remove buttons, and Send. Send waits for text or an image, and while loading or sending; sending
 * disables the inputs, sends the text if there is any, then each image in turn with a spinner on the one
 * uploading, taking each sent image out of the previews. A failed text keeps it in the field ("Could not
 * send message"); a failed image stays in the previews ("Error uploading file") and the others still go.
 */
export function Composer({ conversationId, isLoading }: { conversationId: string; isLoading: boolean }) {
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const form = useSchemaForm(MessageDraft, { content: '' });
  const { field: textField, fieldState } = useController({ control: form.control, name: 'content' });
  const isSending = form.formState.isSubmitting;
  const text = textField.value;
  const [files, setFiles] = useState<File[]>([]);
  const [uploadingName, setUploadingName] = useState<string | null>(null);
  const field = useRef<HTMLTextAreaElement | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const problemId = useId();
  // Where the caret should go once React has put the new text in the field.
  const nextCaret = useRef<number | null>(null);

  useEffect(() => {
    if (nextCaret.current === null || !field.current) return;
    field.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  const canSend = !isLoading && !isSending && !fieldState.error && (text.trim() !== '' || files.length > 0);

  // The text goes first; the images go even when it fails, and its failure is told after them.
  const sendAll = submitSchemaForm(
    form,
    async ({ content }) => {
      let textFailure: unknown = null;
      if (content.trim() !== '') {
        try {
          await sendText(queryClient, conversationId, content.trim());
          form.setValue('content', '');
        } catch (error) {
          textFailure = error;
        }
      }
      for (const file of files) {
        setUploadingName(file.name);
        try {
          await sendImage(queryClient, conversationId, file);
          setFiles((current) => current.filter((f) => f !== file));
        } catch {
          // Each image has no field of its own: it stays in the previews for another try.
          notify(CHAT_MESSAGES.uploadFailed);
        }
      }
      setUploadingName(null);
      if (textFailure) throw textFailure;
    },
    { failureMessage: CHAT_MESSAGES.sendFailed },
  );

  const send = () => {
    if (canSend) void sendAll();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  // On a keyboard, Enter sends and Shift+Enter starts a new line; on mobile, Enter is a new line.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.shiftKey || isMobile || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  };

  const insertEmoji = (emoji: string) => {
    const input = field.current;
    const next = insertAtCaret(text, emoji, { start: input?.selectionStart ?? null, end: input?.selectionEnd ?? null });
    if (next.text.length > MESSAGE_MAX) return;
    form.setValue('content', next.text, { shouldDirty: true, shouldValidate: true });
    nextCaret.current = next.caret;
    input?.focus();
  };

  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label="Send a message"
      sx={{
        px: { xs: 1.5, sm: 2 },
        pt: 1,
        pb: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    >
      <AttachmentPreviews
        files={files}
        uploadingName={uploadingName}
        isSending={isSending}
        onRemove={(file) => setFiles((current) => current.filter((f) => f !== file))}
      />
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 0.5 }}>
        {!isMobile && <EmojiPicker disabled={isSending} onPick={insertEmoji} />}
        <IconButton
          aria-label="Attach images"
          disabled={isSending}
          onClick={() => picker.current?.click()}
          sx={{ color: 'text.secondary' }}
        >
          <AttachImageIcon />
        </IconButton>
        <input
          ref={picker}
          type="file"
          accept="image/*"
          multiple
          hidden
          onChange={(event) => {
            const picked = [...(event.target.files ?? [])];
            setFiles((current) => addAttachments(current, picked));
            // The same file can be picked again after it was removed.
            event.target.value = '';
          }}
        />
        {/* OutlinedInput, not InputBase: importing InputBase alone splits a chunk the profile page loads
            (decision 003). */}
        <OutlinedInput
          inputRef={(element: HTMLTextAreaElement | null) => {
            field.current = element;
            textField.ref(element);
          }}
          name={textField.name}
          value={text}
          onChange={(event) => textField.onChange(event.target.value)}
          onBlur={textField.onBlur}
          onKeyDown={onKeyDown}
          placeholder="Message"
          multiline
          maxRows={6}
          disabled={isSending}
          error={Boolean(fieldState.error)}
          slotProps={{
            input: {
              'aria-label': 'Message',
              maxLength: MESSAGE_MAX,
              'aria-describedby': fieldState.error ? problemId : undefined,
            },
          }}
          size="small"
          sx={{ flex: 1, minWidth: 0, borderRadius: 5, bgcolor: 'grey.900' }}
        />
        <IconButton type="submit" aria-label="Send" disabled={!canSend} color="primary">
          <SendIcon />
        </IconButton>
      </Box>
      {/* The shared schema's or the server's problem with the text, e.g. too long. */}
      {fieldState.error && (
        <FormHelperText id={problemId} error sx={{ mx: 2 }}>
          {fieldState.error.message}
        </FormHelperText>
      )}
    </Box>
  );
}
