import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { BlurhashCanvas } from './blurhash-canvas';

/**
 * A picture filling its positioned frame: its blurhash (or a skeleton without one) until it loads, then it
 * fades in. A picture that fails to load leaves the frame's background.
 */
export function FadeInImage({
  src,
  alt,
  blurhash,
  ratio,
  isLazy = false,
  size,
}: {
  src: string;
  alt: string;
  blurhash: string | null | undefined;
  /** The frame's width / height, for the blurhash's canvas. */
  ratio: number;
  isLazy?: boolean;
  /** The picture's intrinsic size, when known, so the browser reserves it. */
  size?: { width: number; height: number };
}) {
  const [isLoaded, setIsLoaded] = useState(false);
  return (
    <>
      {!isLoaded &&
        (blurhash ? (
          <BlurhashCanvas hash={blurhash} ratio={ratio} />
        ) : (
          <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, height: '100%' }} animation="wave" />
        ))}
      <Box
        component="img"
        src={src}
        alt={alt}
        width={size?.width}
        height={size?.height}
        loading={isLazy ? 'lazy' : undefined}
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
  );
}
