import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import { useEffect, useState } from 'react';

/** Attached images are previewed at 75x75 (product.md section 9). */
export const PREVIEW_SIZE = 75;

/**
 * The images attached to the next message, each with a remove button (product.md section 2). While sending, the
 * one uploading shows a spinner, and the remove buttons wait.
 */
export function AttachmentPreviews({
  files,
  uploadingName,
  isSending,
  onRemove,
}: {
  files: readonly File[];
  uploadingName: string | null;
  isSending: boolean;
  onRemove: (file: File) => void;
}) {
  if (files.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Attached images"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        pb: 1,
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, ${PREVIEW_SIZE}px)`,
        gap: 1,
      }}
    >
      {files.map((file) => (
        <AttachmentPreview
          key={file.name}
          file={file}
          isUploading={file.name === uploadingName}
          isSending={isSending}
          onRemove={() => onRemove(file)}
        />
      ))}
    </Box>
  );
}

function AttachmentPreview({
  file,
  isUploading,
  isSending,
  onRemove,
}: {
  file: File;
  isUploading: boolean;
  isSending: boolean;
  onRemove: () => void;
}) {
  // A local address for the picture, given back when the preview goes.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);

  return (
    <Box
      component="li"
      aria-label={file.name}
      aria-busy={isUploading}
      sx={{
        position: 'relative',
        width: PREVIEW_SIZE,
        height: PREVIEW_SIZE,
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {url && (
        <Box
          component="img"
          src={url}
          alt=""
          sx={{ width: '100%', height: '100%', objectFit: 'cover', opacity: isUploading ? 0.5 : 1 }}
        />
      )}
      {isUploading && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress size={28} aria-label={`Uploading ${file.name}`} />
        </Box>
      )}
      <IconButton
        size="small"
        aria-label={`Remove ${file.name}`}
        disabled={isSending}
        onClick={onRemove}
        sx={{
          position: 'absolute',
          top: 2,
          right: 2,
          p: 0.25,
          color: 'common.white',
          bgcolor: 'rgba(0,0,0,0.6)',
          '&:hover': { bgcolor: 'rgba(0,0,0,0.8)' },
        }}
      >
        <CloseIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Box>
  );
}
