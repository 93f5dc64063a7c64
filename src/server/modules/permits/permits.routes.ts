import {
  permitApply,
  permitComplete,
  permitDetailCall,
  permitGasAdd,
  permitList,
  permitMapShow,
  permitPdf,
  permitReject,
  permitResume,
  permitSaveDraft,
  permitSign,
  permitSignerOptions,
  permitStart,
  permitSuspend,
  permitVoid,
  workingBillCheck,
} from '../../../shared/permits/contracts.js';
import { plantCalendarGet, plantCalendarSave } from '../../../shared/permits/calendar-contracts.js';
import { loadPlantCalendar, savePlantCalendar } from '../../common/plant-calendar.js';
import { caller, type HttpApp } from '../../http/app.js';
import { sendPdf } from '../../http/send-pdf.js';
import { audit } from '../../store/audit.js';
import { inTransaction, type Store } from '../../store/db.js';
import type { DocumentsPort } from '../documents/port.js';
import { permitDocument } from './permit-document.js';
import type { PermitsService } from './permits.service.js';

/** Binds the permit calls to the service; thin by design. */
export function registerPermitRoutes(http: HttpApp, store: Store, permits: PermitsService, documents: Pick<DocumentsPort, 'pdf'>): void {
  http.route(workingBillCheck, (input, ctx) => permits.check(input, ctx.lang));
  http.route(permitList, (input, ctx) => permits.list(caller(ctx), input));
  http.route(permitApply, (input, ctx) => permits.apply(caller(ctx), input, ctx.lang));
  http.route(permitSaveDraft, (input, ctx) => permits.saveDraft(caller(ctx), input));
  http.route(permitReject, (input, ctx) => permits.reject(caller(ctx), input.id, input.reason, ctx.lang));
  http.route(permitVoid, (input, ctx) => permits.voidPermit(caller(ctx), input.id, input.reason, ctx.lang));
  http.route(permitDetailCall, (input, ctx) => permits.detail(caller(ctx), input.id, ctx.lang));
  http.route(permitSign, (input, ctx) => permits.sign(caller(ctx), input, ctx.lang));
  http.route(permitGasAdd, (input, ctx) => permits.addGas(caller(ctx), input, ctx.lang));
  http.route(permitStart, (input, ctx) => permits.start(caller(ctx), input.id, ctx.lang));
  http.route(permitSuspend, async (input, ctx) => (await permits.suspend(caller(ctx), input.id, input.reason, ctx.lang))!);
  http.route(permitResume, (input, ctx) => permits.resume(caller(ctx), input.id, input.signature, ctx.lang));
  http.route(permitComplete, (input, ctx) => permits.complete(caller(ctx), input.id, input.result, ctx.lang));
  http.route(permitMapShow, async (_input, ctx) => ({ items: await permits.live(caller(ctx)) }));
  http.route(permitPdf, async (input, ctx) => {
    const user = caller(ctx);
    const d = await permits.detail(user, input.id, ctx.lang);
    const pdf = await documents.pdf(permitDocument(d, ctx.lang));
    await inTransaction(store.db, (tx) => audit(tx, user, 'document.pdf', 'permit', input.id, { bytes: pdf.length }));
    return sendPdf(ctx, d.permit.number, pdf);
  });
  http.route(permitSignerOptions, async () => ({ items: await permits.signerOptions() }));
  // The plant calendar the permit rules read (hot-work grade raise on holidays, rest days, at night).
  http.route(plantCalendarGet, () => loadPlantCalendar(store.db));
  http.route(plantCalendarSave, async (input, ctx) => {
    const user = caller(ctx);
    await inTransaction(store.db, async (tx) => {
      const before = await loadPlantCalendar(tx);
      await savePlantCalendar(tx, input);
      await audit(tx, user, 'plantCalendar.save', 'system_config', 'plantCalendar', { before, after: input });
    });
    return loadPlantCalendar(store.db);
  });
}
