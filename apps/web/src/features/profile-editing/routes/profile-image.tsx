import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { IMAGE_SHAPES } from '@sweetwish/shared/media';
import type { PublicProfile } from '@sweetwish/shared/profiles';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useRef, useState } from 'react';
import { ImageCropDialog } from '../../../components/image-crop-dialog';
import { uploadImage } from '../../../components/media/image-upload';
import { profileQueryKey } from '../../../components/profiles/profile-queries';
import type { CroppedImage } from '../../../lib/image-processing';
import { notify } from '../../../lib/notification-store';
import { refreshMe } from '../../../lib/session';
import { sleep } from '../../../lib/sleep';
import { loadOwnProfile, PROFILE_IMAGE_UPLOAD_DELAY_MS, PROFILE_MESSAGES, updateProfile } from '../api/profile-calls';
import { ProfileEditLayout } from '../components/profile-edit-layout';

type Kind = 'photo' | 'banner';

const KINDS = {
  photo: { title: 'Profile Photo', aspect: 1, isRound: true, success: PROFILE_MESSAGES.photoUpdated },
  banner: { title: 'Banner Picture', aspect: 2, isRound: false, success: PROFILE_MESSAGES.bannerUpdated },
} as const;

export function profileImageLoader() {
  return loadOwnProfile();
}

/** /profile/photo: a square (circle) crop. */
export function PhotoPage() {
  return <ProfileImagePage kind="photo" />;
}

/** /profile/banner: a 2:1 crop. */
export function BannerPage() {
  return <ProfileImagePage kind="banner" />;
}

function ProfileImagePage({ kind }: { kind: Kind }) {
  return (
    <ProfileEditLayout title={KINDS[kind].title}>
      {(profile) => <ProfileImageForm kind={kind} profile={profile} />}
    </ProfileEditLayout>
  );
}

/**
 * Shows the current image; a chosen file is cropped, shown at once, and uploaded after 500 ms (product.md section 4,
 * Profile image update). On failure the old image is shown again.
 */
function ProfileImageForm({ kind, profile }: { kind: Kind; profile: PublicProfile }) {
  const config = KINDS[kind];
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const [shown, setShown] = useState(kind === 'photo' ? profile.photoUrl : profile.bannerUrl);
  const [isUploading, setIsUploading] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) setSource(URL.createObjectURL(file));
  };

  const upload = async (image: CroppedImage) => {
    const previous = shown;
    setShown(image.previewUrl);
    setIsUploading(true);
    try {
      await sleep(PROFILE_IMAGE_UPLOAD_DELAY_MS);
      const uploaded = await uploadImage(image.blob, kind);
      const updated = await updateProfile(
        kind === 'photo'
          ? { photoUrl: uploaded.url, photoHash: image.blurhash }
          : { bannerUrl: uploaded.url, bannerHash: image.blurhash },
      );
      queryClient.setQueryData(profileQueryKey(updated.handle), updated);
      setShown(kind === 'photo' ? updated.photoUrl : updated.bannerUrl);
      notify(config.success, { severity: 'success' });
      if (kind === 'photo') void refreshMe().catch(() => undefined);
    } catch {
      setShown(previous);
      notify(PROFILE_MESSAGES.updateImage);
    } finally {
      setIsUploading(false);
    }
  };

  return (
    <Stack spacing={2.5} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          position: 'relative',
          width: kind === 'photo' ? 200 : '100%',
          aspectRatio: kind === 'photo' ? '1 / 1' : '2 / 1',
          borderRadius: kind === 'photo' ? '50%' : 3,
          overflow: 'hidden',
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {shown ? (
          <Box
            component="img"
            src={shown}
            alt={config.title}
            sx={{ width: '100%', height: '100%', objectFit: 'cover', opacity: isUploading ? 0.6 : 1 }}
          />
        ) : (
          <Typography color="text.secondary">No image yet</Typography>
        )}
        {isUploading && <CircularProgress aria-label="Uploading" sx={{ position: 'absolute', inset: 0, m: 'auto' }} />}
      </Box>
      <Button
        variant="contained"
        onClick={() => input.current?.click()}
        disabled={isUploading}
        sx={{ borderRadius: 999 }}
      >
        Choose Image
      </Button>
      <input ref={input} type="file" accept="image/*" hidden aria-label={`${config.title} file`} onChange={choose} />
      <ImageCropDialog
        src={source}
        aspect={config.aspect}
        isRound={config.isRound}
        max={IMAGE_SHAPES[kind]}
        title={`Crop ${config.title}`}
        onCancel={() => setSource(null)}
        onCropped={(image) => {
          setSource(null);
          void upload(image);
        }}
      />
    </Stack>
  );
}
