import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';

/** The placeholder's default decoded width (product.md section 9); it is stretched over the frame. */
export const BLURHASH_DECODE_WIDTH = 32;

/** A blurhash drawn small on a canvas and stretched to fill its (positioned) parent, under an image that is still loading. */
export function BlurhashCanvas({ hash, ratio }: { hash: string; ratio: number }) {
  const ref = useRef<HTMLCanvasElement>(null);
  const width = BLURHASH_DECODE_WIDTH;
  const height = Math.max(1, Math.round(BLURHASH_DECODE_WIDTH / ratio));

  // The decoder loads with the first placeholder drawn, not with the page: a picture that has loaded needs none.
  useEffect(() => {
    let isCurrent = true;
    void import('blurhash').then(({ decode, isBlurhashValid }) => {
      const context = ref.current?.getContext('2d');
      if (!isCurrent || !context || !isBlurhashValid(hash).result) return;
      const image = context.createImageData(BLURHASH_DECODE_WIDTH, height);
      image.data.set(decode(hash, BLURHASH_DECODE_WIDTH, height));
      context.putImageData(image, 0, 0);
    });
    return () => {
      isCurrent = false;
    };
  }, [hash, height]);

  return (
    <Box
      component="canvas"
      ref={ref}
      width={width}
      height={height}
      aria-hidden="true"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    />
  );
}
