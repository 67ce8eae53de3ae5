import ImageIcon from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import { ImageWithPlaceholder } from './image-with-placeholder';

/**
 * A wish's picture in its 4:3 frame (product.md section 9): its blurhash (or a skeleton without one) until it
 * loads; an icon when the wish has no picture.
 */
export function WishImage({
  src,
  blurhash,
  alt,
  rounded = 2,
}: {
  src: string | null | undefined;
  blurhash?: string | null;
  alt: string;
  rounded?: number;
}) {
  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: '4 / 3',
        width: '100%',
        overflow: 'hidden',
        borderRadius: rounded,
        bgcolor: 'action.hover',
        color: 'text.disabled',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {src ? (
        <ImageWithPlaceholder src={src} alt={alt} blurhash={blurhash} ratio={4 / 3} isLazy />
      ) : (
        <Box role="img" aria-label={`${alt}: no picture`} sx={{ display: 'inline-flex' }}>
          <ImageIcon sx={{ fontSize: 32 }} />
        </Box>
      )}
    </Box>
  );
}
