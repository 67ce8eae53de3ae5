import Button from '@mui/material/Button';

/**
 * The creator's own page: share its link (the device's share sheet, else the clipboard). The sharing code
 * loads on the click, so a visitor's first load of the page carries none of it.
 */
export function OwnerShareButton({ handle }: { handle: string }) {
  return (
    <Button
      variant="contained"
      size="small"
      onClick={() => void import('../../../lib/share').then((m) => m.shareUserLink('profile', handle))}
    >
      Share
    </Button>
  );
}
