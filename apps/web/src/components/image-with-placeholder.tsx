import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useCallback, useState } from 'react';
import { BlurhashCanvas } from './blurhash-canvas';

/**
 * A picture filling its positioned frame over its placeholder: the blurhash, or a skeleton without one. The
 * picture is never hidden: while it loads it paints nothing and the placeholder shows through, so a page the
 * server rendered shows its pictures as they arrive, before and after hydration (decision 052). Once the
 * picture has loaded, or failed and left the frame's background, the placeholder goes. A picture that loaded
 * before hydration fired its load event before React listened: the ref reads `complete` instead.
 */
export function ImageWithPlaceholder({
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
  const [isSettled, setIsSettled] = useState(false);
  const settleIfComplete = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete) setIsSettled(true);
  }, []);
  return (
    <>
      {!isSettled &&
        (blurhash ? (
          <BlurhashCanvas hash={blurhash} ratio={ratio} />
        ) : (
          <Skeleton variant="rectangular" sx={{ position: 'absolute', inset: 0, height: '100%' }} animation="wave" />
        ))}
      <Box
        component="img"
        ref={settleIfComplete}
        src={src}
        alt={alt}
        width={size?.width}
        height={size?.height}
        loading={isLazy ? 'lazy' : undefined}
        decoding="async"
        onLoad={() => setIsSettled(true)}
        onError={() => setIsSettled(true)}
        sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
      />
    </>
  );
}
