import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';

/** An image message's picture, full screen, on black. */
export function ImageViewer({ image, onClose }: { image: { url: string; label: string } | null; onClose: () => void }) {
  return (
    <Dialog
      open={image !== null}
      onClose={onClose}
      fullScreen
      slotProps={{
        paper: { 'aria-label': image?.label ?? 'Image', sx: { bgcolor: 'common.black', backgroundImage: 'none' } },
      }}
    >
      <IconButton
        aria-label="Close"
        onClick={onClose}
        sx={{ position: 'absolute', top: 12, right: 12, zIndex: 1, color: 'common.white', bgcolor: 'rgba(0,0,0,0.5)' }}
      >
        <CloseIcon />
      </IconButton>
      {image && (
        <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: { xs: 0, sm: 3 }, minHeight: 0 }}>
          <Box
            component="img"
            src={image.url}
            alt={image.label}
            sx={{ maxWidth: '100%', maxHeight: '100svh', objectFit: 'contain', display: 'block' }}
          />
        </Box>
      )}
    </Dialog>
  );
}
