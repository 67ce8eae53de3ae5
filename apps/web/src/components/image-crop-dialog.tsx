import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Slider from '@mui/material/Slider';
import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { type CroppedImage, cropImage } from '../lib/image-processing';

/**
 * Crops a chosen image to a fixed shape (product.md section 9: wish 4:3, profile photo square in a circle,
 * banner 2:1) and hands back the JPEG with its blurhash. `src` is a local address of the chosen file.
 */
export function ImageCropDialog({
  src,
  aspect,
  isRound = false,
  max,
  title = 'Crop Image',
  onCancel,
  onCropped,
}: {
  src: string | null;
  aspect: number;
  isRound?: boolean;
  max: { width: number; height: number };
  title?: string;
  onCancel: () => void;
  onCropped: (image: CroppedImage) => void;
}) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [isWorking, setIsWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setError(null);
  };

  const cancel = () => {
    reset();
    onCancel();
  };

  const confirm = async () => {
    if (!src || !area) return;
    setIsWorking(true);
    setError(null);
    try {
      const cropped = await cropImage(src, area, max);
      reset();
      onCropped(cropped);
    } catch {
      setError('Could not read the image');
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <Dialog open={src !== null} onClose={isWorking ? undefined : cancel} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Box
          sx={{ position: 'relative', width: '100%', height: { xs: 300, sm: 380 }, bgcolor: 'black', borderRadius: 2 }}
        >
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              cropShape={isRound ? 'round' : 'rect'}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          )}
        </Box>
        <Slider
          aria-label="Zoom"
          value={zoom}
          min={1}
          max={3}
          step={0.05}
          onChange={(_, value) => setZoom(value as number)}
          sx={{ mt: 2 }}
        />
        {error && (
          <Box role="alert" sx={{ color: 'error.main', fontSize: 14 }}>
            {error}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel} disabled={isWorking} color="inherit">
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={!area} loading={isWorking} variant="contained">
          Crop
        </Button>
      </DialogActions>
    </Dialog>
  );
}
