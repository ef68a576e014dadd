import { useRef, useState, type ChangeEvent } from 'react';
import { Upload } from 'lucide-react';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton, Spinner, toast } from '@coffer/ui';
import { avatarInitials } from '@coffer/web-core/format';
import { useCreateAvatarUploadMutation, useGetProfileQuery, useSetAvatarMutation } from '@coffer/web-core/store';
import { failureToast } from '../../../lib/failure-toast';
import { avatarProblem } from '../lib/avatar-check';

const FAILED = 'Failed to upload avatar';

/** Account → Profile Picture: a JPG, PNG or GIF under 2 MB, sent straight to storage, then checked by the server. */
export function ProfilePictureCard() {
  const { data: profile, isLoading } = useGetProfileQuery();
  const [createUpload] = useCreateAvatarUploadMutation();
  const [setAvatar] = useSetAvatarMutation();
  const [uploading, setUploading] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = avatarProblem(file);
    if (problem) return failureToast(FAILED, undefined, problem);
    setUploading(true);
    try {
      const slot = await createUpload({ contentType: file.type, size: file.size }).unwrap();
      const put = await fetch(slot.url, { method: 'PUT', headers: slot.headers, body: file });
      if (!put.ok) throw new Error('The picture could not be stored. Please try again.');
      await setAvatar({ uploadId: slot.uploadId }).unwrap();
      toast({ title: 'Avatar uploaded successfully' });
    } catch (error) {
      failureToast(FAILED, error, 'Please try again');
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Picture</CardTitle>
        <CardDescription>A JPG, PNG or GIF under 2 MB: your team sees it next to your name.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center gap-4">
        {isLoading || !profile ? (
          <Skeleton className="size-20 rounded-full" />
        ) : profile.avatarUrl ? (
          <img src={profile.avatarUrl} alt="Your profile picture" className="size-20 rounded-full border border-border object-cover" />
        ) : (
          <span aria-hidden className="flex size-20 items-center justify-center rounded-full bg-primary text-2xl font-semibold text-primary-foreground">
            {avatarInitials(profile.fullName)}
          </span>
        )}
        <input ref={input} type="file" accept="image/jpeg,image/png,image/gif" className="sr-only" tabIndex={-1} aria-label="Choose a profile picture" onChange={(e) => void choose(e)} />
        <Button type="button" variant="outline" disabled={uploading || !profile} onClick={() => input.current?.click()}>
          {uploading ? <Spinner label="Uploading" className="size-4" /> : <Upload aria-hidden className="size-4" />}
          {uploading ? 'Uploading...' : 'Upload Picture'}
        </Button>
      </CardContent>
    </Card>
  );
}
