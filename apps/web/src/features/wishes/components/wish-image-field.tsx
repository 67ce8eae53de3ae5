import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { IMAGE_SHAPES } from '@sweetwish/shared/media';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { ImageCropDialog } from '../../../components/image-crop-dialog';
import type { CroppedImage } from '../../../lib/image-processing';
import { WISH_IMAGE_ACCEPT } from '../lib/wish-form';

/**
 * The wish image: a 4:3 preview (the current image, or the new crop) and a picker that crops the chosen
 * file to 4:3 before it is kept. Nothing is uploaded here; the form uploads on submit.
 */
export function WishImageField({
  currentUrl,
  cropUrl,
  image,
  onChange,
  disabled = false,
}: {
  currentUrl?: string | null;
  /** An image already stored (a store's product photo) that the creator may crop again. */
  cropUrl?: string | null;
  image: CroppedImage | null;
  onChange: (image: CroppedImage) => void;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const shown = image?.previewUrl ?? currentUrl ?? null;

  // Only the local addresses of chosen files are revoked; a stored image's address is not one.
  useEffect(() => () => (source?.startsWith('blob:') ? URL.revokeObjectURL(source) : undefined), [source]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setSource(URL.createObjectURL(file));
  };

  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          aspectRatio: '4 / 3',
          borderRadius: 3,
          overflow: 'hidden',
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <Box component="img" src={shown} alt="Wish" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Typography color="text.secondary">No image yet</Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled}>
          {shown ? 'Change Image' : 'Upload Image'}
        </Button>
        {cropUrl && !image && (
          <Button variant="outlined" onClick={() => setSource(cropUrl)} disabled={disabled}>
            Crop Image
          </Button>
        )}
        <Typography variant="body2" color="text.secondary">
          SVG, PNG, JPG or GIF
        </Typography>
        <input
          ref={input}
          type="file"
          accept={WISH_IMAGE_ACCEPT}
          hidden
          aria-label="Wish image file"
          data-testid="wish-image-input"
          onChange={choose}
        />
      </Box>
      <ImageCropDialog
        src={source}
        aspect={4 / 3}
        max={IMAGE_SHAPES.wish}
        title="Crop Wish Image"
        onCancel={() => setSource(null)}
        onCropped={(cropped) => {
          setSource(null);
          onChange(cropped);
        }}
      />
    </Box>
  );
}
