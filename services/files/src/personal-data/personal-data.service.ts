import { Inject, Injectable } from '@nestjs/common';
import {
  FilesEvent,
  handedOverFolderName,
  ROOT_FOLDER,
  type DomainEvent,
  type FilesReceiver,
  type MembershipChanged,
  type PersonalDataInventory,
  type UserDeleted,
} from '@coffer/contracts';
import { EventBus } from '@coffer/server-core';
import { FilesRepository } from '../files/files.repository.js';
import { FilesService } from '../files/files.service.js';
import { freeName } from '../files/free-name.js';
import { FoldersService } from '../folders/folders.service.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { UploadsRepository } from '../uploads/uploads.repository.js';
import { PersonalDataRepository } from './personal-data.repository.js';

/** A person whose My files is handed over: who they are, in the account they leave. */
interface Departing {
  userId: string;
  fullName: string;
  accountId: string;
}

/** What a user's joining, leaving or deletion does to their files. */
@Injectable()
export class PersonalDataService {
  constructor(
    @Inject(PersonalDataRepository) private readonly personalData: PersonalDataRepository,
    @Inject(ObjectStorage) private readonly objects: ObjectStorage,
    @Inject(UploadsRepository) private readonly uploads: UploadsRepository,
    @Inject(FilesRepository) private readonly files: FilesRepository,
    @Inject(FilesService) private readonly items: FilesService,
    @Inject(FoldersService) private readonly folders: FoldersService,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  /**
   * Joining an account: their files go with them. Removed from one, or leaving it: their files stay, handed
   * to `filesTo`, and they start an empty account of their own (its four folders, as at sign-up).
   */
  async membershipChanged(event: DomainEvent<MembershipChanged>) {
    const { payload } = event;
    if (payload.filesTo) {
      await this.handOver(
        event,
        { userId: payload.userId, fullName: payload.fullName || payload.email, accountId: payload.previousAccountId },
        payload.filesTo,
      );
      await this.uploads.moveOwner(payload.userId, payload.accountId);
      await this.folders.createDefaults(payload);
    } else if (payload.accountId !== payload.previousAccountId) await this.move(payload.userId, payload.accountId);
  }

  /** Their files, folders and open upload slots count against the account they are in now (slots first, as in an erasure). */
  async move(userId: string, accountId: string) {
    await this.uploads.moveOwner(userId, accountId);
    await this.files.moveOwner(userId, accountId);
    await this.personalData.moveVersions(userId, accountId);
  }

  /**
   * Everything in the person's My files (trash included: it is the business's until the purge) moves into a new
   * folder "<Full Name>'s files" ("… (1)" when taken) at the root of the receiver's My files, in one statement;
   * the receiver's open Files sees the folder arrive. The bytes stay where they are stored.
   */
  private async handOver(event: DomainEvent<unknown>, person: Departing, to: FilesReceiver) {
    const wanted = handedOverFolderName(person.fullName);
    await this.files.lockNames(to.userId, ROOT_FOLDER);
    const name = freeName(wanted, await this.files.namesLike({ userId: to.userId }, ROOT_FOLDER, wanted, 'folder'));
    const [folder] = await this.files.insertFolders([{ userId: to.userId, addedBy: person.userId, accountId: person.accountId, name, parentId: ROOT_FOLDER }]);
    await this.personalData.handOver(person.userId, to.userId, folder.id);
    const [item] = await this.items.withCounts([folder]);
    await this.bus.record(FilesEvent.FolderCreated, { accountId: person.accountId, actorId: event.actorId, payload: { item, userId: to.userId } });
  }

  /**
   * A member's files are handed to the owner first; then their bytes go (exactly what they still hold, never an
   * object a file of someone else's keeps), then their rows: a redelivery after a failure deletes what is left.
   */
  async userDeleted(event: DomainEvent<UserDeleted>) {
    const { payload } = event;
    if (payload.filesTo)
      await this.handOver(event, { userId: payload.userId, fullName: payload.fullName || payload.email, accountId: payload.accountId }, payload.filesTo);
    for await (const keys of this.heldObjects(payload.userId)) await this.objects.remove(keys);
    await this.personalData.erase(payload.userId);
  }

  async inventory(userId: string): Promise<PersonalDataInventory> {
    let objects = 0;
    for await (const keys of this.heldObjects(userId)) objects += keys.length;
    return { service: 'files', counts: { ...(await this.personalData.inventory(userId)), s3_objects: objects } };
  }

  /**
   * The objects the person holds, page by page: those under their prefix (their uploads, abandoned ones too) that no
   * file of someone else's keeps, and those of files handed to them that are kept under another person's prefix.
   */
  private async *heldObjects(userId: string): AsyncGenerator<string[]> {
    const prefix = ObjectStorage.prefixOf(userId);
    const kept = await this.personalData.heldByOthers(userId, prefix);
    for await (const keys of this.objects.keys(prefix)) {
      const theirs = keys.filter((key) => !kept.has(key));
      if (theirs.length) yield theirs;
    }
    const handed = await this.personalData.handedToThem(userId, prefix);
    if (handed.length) yield handed;
  }
}
