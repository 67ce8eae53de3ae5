import LockIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { MessageImage } from '@sweetwish/shared/conversations';
import { BlurhashCanvas } from '../../../components/blurhash-canvas';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';

/** Thumbnails are served at 400x200 and shown at 200x100 (product.md section 9). */
export const THUMB_WIDTH = 200;
export const THUMB_HEIGHT = 100;

/**
 * An image message's thumbnail (product.md section 4, Message images). The other participant's images stay
 * locked, only their blurhash showing, blurred, until the viewer taps "Unlock"; once unlocked (and always
 * for the viewer's own), the thumbnail shows and a tap opens the picture full screen (the message list
 * handles taps, to tell them from a double tap).
 */
export function ImageMessageThumb({
  image,
  label,
  isUnlocking,
  onUnlock,
}: {
  image: MessageImage;
  /** Names the picture for assistive technology: "Your image", "Image from Sweet Fan". */
  label: string;
  isUnlocking: boolean;
  onUnlock: () => void;
}) {
  const frame = {
    position: 'relative',
    width: THUMB_WIDTH,
    height: THUMB_HEIGHT,
    maxWidth: '100%',
    borderRadius: 2,
    overflow: 'hidden',
    bgcolor: 'action.hover',
  } as const;

  if (image.isLocked) {
    return (
      <Box role="img" aria-label={`Locked ${label.charAt(0).toLowerCase()}${label.slice(1)}`} sx={frame}>
        {image.blurhash && (
          // The blurhash alone still hints at shapes: blurred further, it shows only colours.
          <Box sx={{ position: 'absolute', inset: 0, filter: 'blur(10px)', transform: 'scale(1.2)' }}>
            <BlurhashCanvas hash={image.blurhash} ratio={THUMB_WIDTH / THUMB_HEIGHT} />
          </Box>
        )}
        <Box
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'rgba(0,0,0,0.25)' }}
        >
          <Button
            size="small"
            variant="contained"
            color="inherit"
            aria-label="Unlock image"
            disabled={isUnlocking}
            // Unlocking is not a tap on the message (no heart, no viewer).
            onClick={(event) => {
              event.stopPropagation();
              onUnlock();
            }}
            startIcon={
              isUnlocking ? <CircularProgress size={14} color="inherit" /> : <LockIcon sx={{ fontSize: 16 }} />
            }
            sx={{
              borderRadius: 999,
              bgcolor: 'rgba(18,18,18,0.75)',
              color: 'common.white',
              '&:hover': { bgcolor: 'rgba(18,18,18,0.9)' },
            }}
          >
            Unlock
          </Button>
        </Box>
      </Box>
    );
  }

  if (!image.thumbUrl) {
    // The sender's account was deleted, and its pictures with it.
    return (
      <Box sx={{ ...frame, display: 'grid', placeItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          Image removed
        </Typography>
      </Box>
    );
  }

  return (
    <Box sx={{ ...frame, cursor: 'zoom-in' }}>
      <ImageWithPlaceholder
        src={image.thumbUrl}
        alt={label}
        blurhash={image.blurhash}
        ratio={THUMB_WIDTH / THUMB_HEIGHT}
        size={{ width: THUMB_WIDTH, height: THUMB_HEIGHT }}
      />
    </Box>
  );
}
