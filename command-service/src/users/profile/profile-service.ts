import type { UserRecord } from '@wine/contracts';
import { userRecord } from '../user.ts';
import { actorOf, type RequestContext, type Session, type UserService } from '../user-service.ts';
import type { ProfileCommand } from './decide.ts';

/** seeds 001 §7 updateProfile, updatePreference, resetUserProfile and userAddress: the session user's own details. */
export function profileService(users: UserService) {
  return {
    async update(session: Session, command: ProfileCommand, request: RequestContext): Promise<UserRecord> {
      await users.run(session.user.id, command, request, actorOf(session));
      return userRecord(await users.loadUser(session.user.id));
    },
  };
}

export type ProfileService = ReturnType<typeof profileService>;
