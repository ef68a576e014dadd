import { useRef, useState, type ChangeEvent } from 'react';
import { Upload } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Progress, Skeleton, Spinner, toast } from '@coffer/ui';
import { avatarInitials } from '@coffer/web-core/format';
import { toApiError, useGetProfileQuery } from '@coffer/web-core/store';
import { putBytes } from '@coffer/web-core/upload';
import { failureToast } from '../../../lib/failure-toast';
import { avatarProblem } from '../lib/avatar-check';
import { useCreateAvatarUploadMutation, useSetAvatarMutation } from '../api/profile-api';

const FAILED = 'Failed to upload avatar';
/** Spec §5: the hint beside the avatar upload. */
const AVATAR_HINT = 'JPG, PNG or GIF, max 2MB';

/** Where an upload is: sending the bytes (with their percentage), then the server checking them. */
type UploadStep = { step: 'sending'; percent: number } | { step: 'checking' };

/** Account → Profile Picture: a JPG, PNG or GIF under 2 MB, sent straight to storage with its progress, then checked by the server. */
export function ProfilePictureCard() {
  const { data: profile, isLoading } = useGetProfileQuery();
  const [createUpload] = useCreateAvatarUploadMutation();
  const [setAvatar] = useSetAvatarMutation();
  const [upload, setUpload] = useState<UploadStep | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const fail = (message: string) => {
    setProblem(message);
    failureToast(FAILED, undefined, message);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = avatarProblem(file);
    if (refused) return fail(refused);
    setProblem(null);
    setUpload({ step: 'sending', percent: 0 });
    try {
      const slot = await createUpload({ contentType: file.type, size: file.size }).unwrap();
      await putBytes(slot.url, slot.headers, file, (percent) => setUpload({ step: 'sending', percent }));
      setUpload({ step: 'checking' });
      await setAvatar({ uploadId: slot.uploadId }).unwrap();
      toast({ title: 'Avatar uploaded successfully' });
    } catch (error) {
      fail(toApiError(error).message ?? 'Please try again');
    } finally {
      setUpload(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Picture</CardTitle>
        <CardDescription>The picture your team sees next to your name.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        {isLoading || !profile ? (
          <Skeleton className="size-20 rounded-full" />
        ) : profile.avatarUrl ? (
          // eslint-disable-next-line jsx-a11y/img-redundant-alt -- "profile picture" is what the product calls it (the card's title), not a word about the img
          <img src={profile.avatarUrl} alt="Your profile picture" className="size-20 shrink-0 rounded-full border border-border object-cover" />
        ) : (
          <span
            aria-hidden
            className="flex size-20 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground"
          >
            {avatarInitials(profile.fullName)}
          </span>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a profile picture"
            onChange={(e) => void choose(e)}
          />
          <Button type="button" variant="outline" className="w-fit" disabled={upload !== null || !profile} onClick={() => input.current?.click()}>
            {upload ? <Spinner label="Uploading" className="size-4" /> : <Upload aria-hidden className="size-4" />}
            {upload ? 'Uploading...' : 'Upload Picture'}
          </Button>
          {upload?.step === 'sending' && <Progress value={upload.percent} aria-label="Uploading profile picture" className="max-w-xs" />}
          {upload?.step === 'checking' && <p className="text-sm text-muted-foreground">Checking the picture...</p>}
          <p className="text-sm text-muted-foreground">{AVATAR_HINT}</p>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
