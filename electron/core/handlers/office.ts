import { DeskError } from '../../common/errors';
import type { OfficeService } from '../office/service';
import type { HandlerMap } from '../router';
import type { CoreContext } from './context';

/** Settings → Editorial office: test, link and unlink the active profile, sync now. */
export function officeHandlers(
  ctx: CoreContext,
  office: OfficeService,
): HandlerMap<
  'office.status' | 'office.test' | 'office.link' | 'office.unlink' | 'office.syncNow' | 'office.fileSharing' | 'office.setFileSharing'
> {
  const sharing = () => ({ shareFiles: ctx.cache.office.sharesFiles(ctx.workspace().profileId) });
  return {
    'office.status': () => office.status(),
    'office.test': (input) => office.test(input),
    'office.link': (input) => office.link(ctx.workspace().profileId, input),
    'office.unlink': async () => {
      await office.unlink(ctx.workspace().profileId);
      return { ok: true as const };
    },
    'office.syncNow': () => office.syncNow(),
    'office.fileSharing': () => sharing(),
    'office.setFileSharing': ({ shareFiles }) => {
      const profileId = ctx.workspace().profileId;
      if (ctx.cache.office.link(profileId) === undefined)
        throw new DeskError('conflict', 'Link this profile to an editorial office first: files are shared with its editors.');
      ctx.cache.office.setSharesFiles(profileId, shareFiles);
      return sharing();
    },
  };
}
