import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useMe } from '../../../lib/session';

// The report dialog (MUI's Dialog, TextField and radios) loads when it first opens: no part of a wish page's
// first paint (decision 003).
const ReportDialog = lazy(() =>
  import('../../../components/safety/report-dialog').then((m) => ({ default: m.ReportDialog })),
);

/** "Report" (issue 21, item 4): for a signed-in visitor other than the seller. */
export function ReportWishButton({ wishId, sellerId }: { wishId: string; sellerId: string }) {
  const { me } = useMe();
  const [isOpen, setIsOpen] = useState(false);
  // Stays mounted after the first opening, so closing plays its transition.
  const [hasOpened, setHasOpened] = useState(false);
  if (!me || me.id === sellerId) return null;
  return (
    <>
      <Button
        size="small"
        color="inherit"
        onClick={() => {
          setHasOpened(true);
          setIsOpen(true);
        }}
      >
        Report
      </Button>
      {hasOpened && (
        <Suspense>
          <ReportDialog
            open={isOpen}
            onClose={() => setIsOpen(false)}
            target={{ kind: 'wish', targetId: wishId }}
            title="Report this wish"
          />
        </Suspense>
      )}
    </>
  );
}
