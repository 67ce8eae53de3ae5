import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ImportedWish } from '@sweetwish/shared/wish-import';
import { type ClipboardEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { importWishFromLink } from '../api/wish-import-calls';

const READ_FAILED = "This link can't be read. Check your connection and try again.";

/**
 * "Paste a product link" on Create wish (product.md section 2): a pasted (or shared) link is read at once,
 * a typed one with the button, and the form is filled from what the store's page says. `initialLink` (from
 * the share sheet or the bookmarklet) is read when the screen opens.
 */
export function ProductLinkField({
  initialLink,
  onImported,
  disabled = false,
}: {
  initialLink?: string;
  onImported: (imported: ImportedWish) => void;
  disabled?: boolean;
}) {
  const [link, setLink] = useState(initialLink ?? '');
  const [error, setError] = useState<string | null>(null);
  const [isReading, setIsReading] = useState(false);
  const onImportedRef = useRef(onImported);
  onImportedRef.current = onImported;

  const read = async (url: string) => {
    if (!url.trim()) return;
    setIsReading(true);
    setError(null);
    try {
      onImportedRef.current(await importWishFromLink(url.trim()));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : READ_FAILED);
    } finally {
      setIsReading(false);
    }
  };
  const readRef = useRef(read);
  readRef.current = read;

  // Once, even where React mounts the screen twice (development): each read stores the store's photo.
  const hasReadInitial = useRef(false);
  useEffect(() => {
    if (!initialLink || hasReadInitial.current) return;
    hasReadInitial.current = true;
    void readRef.current(initialLink);
  }, [initialLink]);

  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').trim();
    if (!pasted) return;
    event.preventDefault();
    setLink(pasted);
    void read(pasted);
  };

  return (
    <Box
      component="section"
      aria-label="Paste a product link"
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        label="Paste a product link"
        placeholder="https://"
        type="url"
        value={link}
        onChange={(event) => setLink(event.target.value)}
        onPaste={paste}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void read(link);
          }
        }}
        error={error !== null}
        helperText={error ?? 'From any online store: the wish fills itself in for you to check.'}
        disabled={disabled || isReading}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'url', autoComplete: 'off' } }}
      />
      <Button
        variant="outlined"
        onClick={() => void read(link)}
        disabled={disabled || !link.trim()}
        loading={isReading}
        sx={{ mt: 1, flexShrink: 0 }}
      >
        Fill in
      </Button>
    </Box>
  );
}
