import {
  commitmentConfigGet,
  commitmentConfigSave,
  commitmentNoticeDraft,
  commitmentNoticeList,
  commitmentNoticeSave,
  commitmentNoticeShow,
  commitmentNoticeSign,
  commitmentNoticeToday,
} from '../../../shared/commitments/contracts.js';
import { caller, type HttpApp } from '../../http/app.js';
import type { CommitmentsService } from './commitments.service.js';

/** The commitment notice's calls (issue 21 §7). */
export function registerCommitmentRoutes(http: HttpApp, svc: CommitmentsService): void {
  http.route(commitmentNoticeToday, async (_input, ctx) => svc.today(caller(ctx)));
  http.route(commitmentNoticeDraft, async (_input, ctx) => svc.draft(caller(ctx)));
  http.route(commitmentNoticeSave, async (input, ctx) => svc.save(caller(ctx), input));
  http.route(commitmentNoticeSign, async (input, ctx) => svc.sign(caller(ctx), input.id));
  http.route(commitmentNoticeList, async (input) => svc.list(input));
  http.route(commitmentConfigGet, async () => svc.config());
  http.route(commitmentConfigSave, async (input, ctx) => svc.saveConfig(caller(ctx), input));
  http.route(commitmentNoticeShow, async () => svc.show());
}
