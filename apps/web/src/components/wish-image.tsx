import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { BlurhashCanvas } from './blurhash-canvas';
import { ImageIcon } from './share-icons';

/**
 * A wish's picture in its 4:3 frame (spec section 9): its blurhash (or a skeleton without one) until it
 * loads, then it fades in; an icon when the wish has no picture.
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
  const [isLoaded, setIsLoaded] = useState(false);
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
        <>
          {!isLoaded &&
            (blurhash ? (
              <BlurhashCanvas hash={blurhash} ratio={4 / 3} />
            ) : (
              <Skeleton
                variant="rectangular"
                sx={{ position: 'absolute', inset: 0, height: '100%' }}
                animation="wave"
              />
            ))}
          <Box
            component="img"
            src={src}
            alt={alt}
            loading="lazy"
            decoding="async"
            onLoad={() => setIsLoaded(true)}
            onError={() => setIsLoaded(true)}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              opacity: isLoaded ? 1 : 0,
              transition: 'opacity 300ms ease-in',
            }}
          />
        </>
      ) : (
        <Box role="img" aria-label={`${alt}: no picture`} sx={{ display: 'inline-flex' }}>
          <ImageIcon />
        </Box>
      )}
    </Box>
  );
}
