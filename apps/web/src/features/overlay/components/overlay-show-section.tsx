import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { OVERLAY_MAX_TOKENS, type OverlaySettings } from '@sweetwish/shared/overlay';
import { useState } from 'react';
import { useUpdateOverlaySettings } from '../api/overlay-calls';
import { Section, saveFailed, Toggle, withoutCommas } from './settings-section';

export function ShowSection({ settings }: { settings: OverlaySettings }) {
  const update = useUpdateOverlaySettings();
  const [minTokens, setMinTokens] = useState(String(settings.minTokens));
  const change = (input: Parameters<typeof update.mutate>[0]) => update.mutate(input, { onError: saveFailed });
  const minimum = Number(minTokens);
  const isMinimumValid = /^\d+$/.test(minTokens) && minimum <= OVERLAY_MAX_TOKENS;
  return (
    <Section title="What the overlay shows">
      <Toggle label="Gift and tip alerts" isOn={settings.showAlerts} onChange={(v) => change({ showAlerts: v })} />
      <Toggle label="Alert sound" isOn={settings.isSoundOn} onChange={(v) => change({ isSoundOn: v })} />
      <Toggle label="Goal bar" isOn={settings.showGoal} onChange={(v) => change({ showGoal: v })} />
      <Toggle label="Leaderboard" isOn={settings.showLeaderboard} onChange={(v) => change({ showLeaderboard: v })} />
      <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Minimum amount (tokens)"
          value={minTokens}
          onChange={(e) => setMinTokens(withoutCommas(e.target.value))}
          onBlur={() => {
            if (isMinimumValid && minimum !== settings.minTokens) change({ minTokens: minimum });
          }}
          error={!isMinimumValid}
          helperText={isMinimumValid ? 'Smaller gifts and tips show no alert.' : 'Whole tokens, 0 to 999,999'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField
          select
          label="Leaderboard period"
          value={settings.leaderboardPeriod}
          onChange={(e) => change({ leaderboardPeriod: e.target.value as OverlaySettings['leaderboardPeriod'] })}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="today">Today (UTC)</MenuItem>
          <MenuItem value="goal">Current goal</MenuItem>
        </TextField>
      </Box>
    </Section>
  );
}
