import HeartIcon from '@mui/icons-material/Favorite';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { CHAT_MESSAGES } from '@sweetwish/shared/conversation-rules';
import type { Message } from '@sweetwish/shared/conversations';
import { VISUALLY_HIDDEN } from '../../../components/visually-hidden';
import { formatMonthDayTime, formatTimeOfDay } from '../../../lib/dates';
import { CollapsibleText } from './collapsible-text';
import { ImageMessageThumb } from './image-message';
import { PurchaseMessage } from './purchase-message';

/**
 * One message: the viewer's own on the right in pink, the other participant's on the left; its time
 * ("h:mm A"), both participants' hearts, and "Seen" under the viewer's last message once it was read.
 * Taps go to `onTap` (a double tap toggles the viewer's heart); the heart button beside the time does the
 * same for keyboards and screen readers, and shows on hover or focus.
 */
export function MessageItem({
  message,
  participantName,
  isSeen,
  isUnlocking,
  onTap,
  onToggleHeart,
  onUnlock,
}: {
  message: Message;
  participantName: string;
  isSeen: boolean;
  isUnlocking: boolean;
  onTap: () => void;
  onToggleHeart: () => void;
  onUnlock: () => void;
}) {
  const { isMine } = message;
  const sender = isMine ? 'You' : participantName;
  const hasHearts = message.reaction !== null || message.participantReaction !== null;
  const isPurchase = message.type === 'purchase';
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: isMine ? 'flex-end' : 'flex-start',
        mb: hasHearts ? 2 : 1.25,
        '&:hover .heart-button, & .heart-button:focus-visible': { opacity: 1 },
      }}
    >
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {sender}:
      </Box>
      {/* A double tap is a touch gesture on the bubble; the heart button below is its keyboard and
          screen-reader equivalent. */}
      <Box
        className="message-bubble"
        onClick={onTap}
        // A double click would also select a word: the second click is the heart's, not a selection.
        onMouseDown={(event) => {
          if (event.detail > 1) event.preventDefault();
        }}
        sx={{
          position: 'relative',
          maxWidth: '80%',
          px: message.type === 'image' ? 0.5 : 1.75,
          py: message.type === 'image' ? 0.5 : 1.1,
          borderRadius: '18px',
          ...(isMine ? { borderBottomRightRadius: '6px' } : { borderBottomLeftRadius: '6px' }),
          bgcolor: isMine ? 'primary.main' : 'grey.800',
          color: isMine ? 'primary.contrastText' : 'text.primary',
          ...(isPurchase && { border: 1, borderColor: isMine ? 'primary.light' : 'grey.700' }),
          // No zoom on a double tap: it toggles the heart.
          touchAction: 'manipulation',
          userSelect: 'text',
          WebkitTapHighlightColor: 'transparent',
        }}
      >
        <MessageContent
          message={message}
          participantName={participantName}
          isUnlocking={isUnlocking}
          onUnlock={onUnlock}
        />
        {hasHearts && <Hearts message={message} participantName={participantName} />}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: hasHearts ? 1.25 : 0.25, px: 0.5 }}>
        {isMine && <HeartButton hasHeart={message.reaction !== null} onToggle={onToggleHeart} />}
        {/* A purchase bubble tells when the gift was paid, which may be days before its conversation opened. */}
        {message.purchase ? (
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.purchase.boughtAt}>
            {formatMonthDayTime(message.purchase.boughtAt)}
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary" component="time" dateTime={message.sentAt}>
            {formatTimeOfDay(message.sentAt)}
          </Typography>
        )}
        {isSeen && (
          <Typography variant="caption" color="text.secondary">
            · Seen
          </Typography>
        )}
        {!isMine && <HeartButton hasHeart={message.reaction !== null} onToggle={onToggleHeart} />}
      </Box>
    </Box>
  );
}

function MessageContent({
  message,
  participantName,
  isUnlocking,
  onUnlock,
}: {
  message: Message;
  participantName: string;
  isUnlocking: boolean;
  onUnlock: () => void;
}) {
  if (message.isRemoved) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {CHAT_MESSAGES.messageRemoved}
      </Typography>
    );
  }
  if (message.type === 'purchase' && message.purchase) return <PurchaseMessage purchase={message.purchase} />;
  if (message.type === 'image' && message.image) {
    return (
      <ImageMessageThumb
        image={message.image}
        label={message.isMine ? 'Your image' : `Image from ${participantName}`}
        isUnlocking={isUnlocking}
        onUnlock={onUnlock}
      />
    );
  }
  return <CollapsibleText text={message.content ?? ''} />;
}

/** Both participants' hearts, on the bubble's lower corner. */
function Hearts({ message, participantName }: { message: Message; participantName: string }) {
  const hearts = [
    ...(message.reaction ? [`Hearted by you`] : []),
    ...(message.participantReaction ? [`Hearted by ${participantName}`] : []),
  ];
  return (
    <Box
      sx={{
        position: 'absolute',
        bottom: -14,
        [message.isMine ? 'left' : 'right']: 8,
        display: 'flex',
        gap: 0.25,
        px: 0.75,
        py: 0.25,
        borderRadius: 999,
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        color: '#ff4f7a',
      }}
    >
      {hearts.map((label) => (
        <Box key={label} role="img" aria-label={label} sx={{ display: 'inline-flex' }}>
          <HeartIcon sx={{ fontSize: 14 }} />
        </Box>
      ))}
    </Box>
  );
}

function HeartButton({ hasHeart, onToggle }: { hasHeart: boolean; onToggle: () => void }) {
  return (
    <IconButton
      className="heart-button"
      size="small"
      aria-label={hasHeart ? 'Remove your heart' : 'Heart this message'}
      aria-pressed={hasHeart}
      onClick={onToggle}
      sx={{
        p: 0.25,
        color: hasHeart ? '#ff4f7a' : 'text.secondary',
        opacity: 0,
        transition: 'opacity 150ms',
        // Touch screens have the double tap; there is no hover to reveal the button.
        '@media (hover: none)': { display: 'none' },
      }}
    >
      <HeartIcon sx={{ fontSize: 14 }} />
    </IconButton>
  );
}
