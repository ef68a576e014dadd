import { useAccessPeopleQuery } from '../../../api/team-folders-api';

/** Who added an item, by name: the account's people (its owner and members, one request for every row); "—" for anyone else. */
export function useAddedByName(): (userId: string | undefined) => string {
  const { data } = useAccessPeopleQuery();
  return (userId) => {
    if (!userId || !data) return '—';
    if (data.owner.userId === userId) return data.owner.fullName || data.owner.email;
    const member = data.items.find((m) => m.userId === userId);
    return member ? member.fullName || member.email : '—';
  };
}
