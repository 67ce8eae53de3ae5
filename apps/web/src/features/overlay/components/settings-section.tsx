import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';

// The parts the overlay settings' sections share (/settings/overlay, decision 031).

/** What a failed save shows: the server's words when it gave some. */
export const saveFailed = (err: unknown) =>
  notify(err instanceof ApiError ? err.message : 'Could not save. Try again.');

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ mt: 4 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Divider sx={{ mt: 1, mb: 2 }} />
      {children}
    </Box>
  );
}

export function Toggle({ label, isOn, onChange }: { label: string; isOn: boolean; onChange: (isOn: boolean) => void }) {
  const id = useId();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', py: 0.5 }}>
      <Typography id={id}>{label}</Typography>
      <Switch
        checked={isOn}
        onChange={(e) => onChange(e.target.checked)}
        slotProps={{ input: { 'aria-labelledby': id } }}
      />
    </Box>
  );
}

/** Token amounts may be typed with thousands separators: they are dropped as typed. */
export function withoutCommas(text: string): string {
  return text.replace(/,/g, '');
}
