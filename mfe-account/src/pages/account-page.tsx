import { PanelHeading } from '../components/panel-heading';
import { PlanLine } from '../features/plan/components/plan-line';
import { AccountDetailsCard } from '../features/profile/components/account-details-card';
import { DangerZoneCard } from '../features/profile/components/danger-zone-card';
import { PersonalInformationCard } from '../features/profile/components/personal-information-card';
import { ProfilePictureCard } from '../features/profile/components/profile-picture-card';
import { TeamMembersCard } from '../features/team/components/team-members-card';

/** /dashboard/account (spec §2 "Account page"). */
export function AccountOverviewPage() {
  return (
    <>
      <PanelHeading title="Account" />
      <div className="flex flex-col gap-4">
        <ProfilePictureCard />
        <PersonalInformationCard />
        <AccountDetailsCard planLine={<PlanLine />} />
        <TeamMembersCard />
        <DangerZoneCard />
      </div>
    </>
  );
}
