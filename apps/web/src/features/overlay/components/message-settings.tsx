import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GiftMessageSettings } from '@sweetwish/shared/gift-messages';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notification-store';
import {
  useGiftMessageSettings,
  useRegenerateControlUrl,
  useUpdateGiftMessageSettings,
} from '../api/gift-message-calls';

const failed = (err: unknown) => notify(err instanceof ApiError ? err.message : 'Could not save. Try again.');
const controlUrl = (secret: string) => `${window.location.origin}/overlay-control/${secret}`;

/**
 * The overlay settings' part about fans' messages (decision 100): reading them aloud (voice, volume, the
 * minimum amount, the longest reading), what is held for review (blocked words, every message), the
 * control page's address, and the supporters wall on the creator's page.
 */
export function MessageSettings() {
  const settings = useGiftMessageSettings();
  if (settings.isPending) return null;
  if (settings.isError) {
    return <Typography color="error">Something went wrong. Your message settings could not be loaded.</Typography>;
  }
  return (
    <>
      <SpeechSection settings={settings.data} />
      <ReviewSection settings={settings.data} />
      <ControlSection settings={settings.data} />
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
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

function Toggle({ label, isOn, onChange }: { label: string; isOn: boolean; onChange: (isOn: boolean) => void }) {
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

/** A whole number field saved when it loses focus, if valid and changed. */
function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  help: string;
  onSave: (n: number) => void;
}) {
  const [text, setText] = useState(String(props.value));
  const n = Number(text);
  const isValid = /^\d+$/.test(text) && n >= props.min && n <= props.max;
  return (
    <TextField
      label={props.label}
      value={text}
      onChange={(e) => setText(e.target.value.replaceAll(',', ''))}
      onBlur={() => {
        if (isValid && n !== props.value) props.onSave(n);
      }}
      error={!isValid}
      helperText={isValid ? props.help : `A whole number, ${props.min} to ${props.max}`}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
    />
  );
}

/** The browser's voices (none in OBS, where the bundled engine reads). */
function useVoices(): string[] {
  const [voices, setVoices] = useState<string[]>([]);
  useEffect(() => {
    const synth = window.speechSynthesis;
    if (!synth) return;
    const read = () => setVoices(synth.getVoices().map((v) => v.name));
    read();
    synth.addEventListener('voiceschanged', read);
    return () => synth.removeEventListener('voiceschanged', read);
  }, []);
  return voices;
}

function SpeechSection({ settings }: { settings: GiftMessageSettings }) {
  const update = useUpdateGiftMessageSettings();
  const change = (input: Parameters<typeof update.mutate>[0]) => update.mutate(input, { onError: failed });
  const voices = useVoices();
  const voiceNames =
    settings.speechVoice && !voices.includes(settings.speechVoice) ? [settings.speechVoice, ...voices] : voices;
  return (
    <Section title="Messages read aloud">
      <Toggle
        label="Read fans' messages aloud"
        isOn={settings.isSpeechOn}
        onChange={(v) => change({ isSpeechOn: v })}
      />
      <Box sx={{ display: 'flex', gap: 2, mt: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          label="Voice"
          value={settings.speechVoice ?? ''}
          onChange={(e) => change({ speechVoice: e.target.value === '' ? null : e.target.value })}
          sx={{ minWidth: 240 }}
          helperText="Where the browser has no voices (OBS), a built-in voice reads."
        >
          <MenuItem value="">Default voice</MenuItem>
          {voiceNames.map((name) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <NumberField
          label="Volume (0-100)"
          value={settings.speechVolume}
          min={0}
          max={100}
          help=" "
          onSave={(n) => change({ speechVolume: n })}
        />
        <NumberField
          label="Minimum to read (tokens)"
          value={settings.speechMinTokens}
          min={0}
          max={999_999}
          help="Smaller gifts show their message without reading it."
          onSave={(n) => change({ speechMinTokens: n })}
        />
        <NumberField
          label="Longest reading (seconds)"
          value={settings.speechMaxSeconds}
          min={1}
          max={60}
          help="Reading stops after this."
          onSave={(n) => change({ speechMaxSeconds: n })}
        />
      </Box>
    </Section>
  );
}

function ReviewSection({ settings }: { settings: GiftMessageSettings }) {
  const update = useUpdateGiftMessageSettings();
  const change = (input: Parameters<typeof update.mutate>[0]) => update.mutate(input, { onError: failed });
  const [words, setWords] = useState(settings.blockedWords.join(', '));
  const list = words
    .split(/[,\n]/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  return (
    <Section title="Messages held for review">
      <Toggle
        label="Hold every message for review"
        isOn={settings.holdEveryMessage}
        onChange={(v) => change({ holdEveryMessage: v })}
      />
      <Toggle label="Supporters wall on my page" isOn={settings.isWallOn} onChange={(v) => change({ isWallOn: v })} />
      <TextField
        label="Blocked words"
        value={words}
        onChange={(e) => setWords(e.target.value)}
        onBlur={() => {
          if (list.join(',') !== settings.blockedWords.join(',')) change({ blockedWords: list });
        }}
        multiline
        minRows={3}
        fullWidth
        sx={{ mt: 2 }}
        helperText="Separated by commas. A message with one of these words waits for you on the control page."
      />
    </Section>
  );
}

function ControlSection({ settings }: { settings: GiftMessageSettings }) {
  const regenerate = useRegenerateControlUrl();
  const url = controlUrl(settings.controlSecret);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify('Control page URL copied', { severity: 'success' });
    } catch {
      notify('Could not copy. Select the URL and copy it.');
    }
  };
  return (
    <Section title="Control page">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Open it beside your stream, or add it to OBS as a custom browser dock: approve held messages, skip the alert
        playing, pause alerts, replay the last. Anyone with this URL can do the same: keep it private.
      </Typography>
      <TextField label="Control page URL" value={url} fullWidth slotProps={{ htmlInput: { readOnly: true } }} />
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void copy()}>
          Copy URL
        </Button>
        <Button href={url} target="_blank" rel="noreferrer">
          Open
        </Button>
        <Button color="warning" onClick={() => regenerate.mutate(undefined, { onError: failed })}>
          Regenerate
        </Button>
      </Box>
    </Section>
  );
}
