import { dangerSourceDeviceLedger, dangerSourceLedger, dangerSourceResponsibleLedger } from '../../../shared/major-hazard/ledgers.js';
import { dangerCardLedger, dangerCardTemplateLedger, enterpriseInfoLedger } from '../../../shared/major-hazard/ledgers-more.js';
import { chemicalProcessLedger } from '../../../shared/major-hazard/ledgers-process.js';
import { evaluationReportLedger } from '../../../shared/major-hazard/ledgers-evaluation.js';
import { CARD_LINK_KIND } from '../../../shared/major-hazard/more-contracts.js';
import type { GradeResultItem } from '../../../shared/major-hazard/contracts.js';
import { majorHazardShared } from '../../../shared/major-hazard/manifest.js';
import { defineModule } from '../module.js';
import { alarmsPort } from '../alarms/port.js';
import { documentsPort } from '../documents/port.js';
import { hiddenDangersPort } from '../hidden-dangers/port.js';
import { orgPort } from '../org/port.js';
import { realtimePort } from '../realtime/port.js';
import { recordsPort } from '../records/port.js';
import { seedSubstances } from '../../../shared/domain/substances.js';
import { seedDemoMajorHazards } from './demo.js';
import { seedDemoEvaluationReports } from './demo-evaluation.js';
import { cardLinkKind, type CardSources } from './cards.js';
import { createGradingMethods } from './grading-method.js';
import { createIdentificationRepository } from './identification.repository.js';
import { registerMoreRoutes } from './more.routes.js';
import { registerMajorHazardRoutes } from './major-hazard.routes.js';
import { createMajorHazardService } from './major-hazard.service.js';
import { migrations } from './migrations.js';
import { majorHazardPort, type MajorHazardPort } from './port.js';
import { registerPushRoutes } from './push.routes.js';
import { createRegulatorPush } from './push.service.js';
import { createResponsibility } from './responsibility.js';
import { registerTagReportRoutes } from './tag-reports.routes.js';
import { registerArchiveRoutes } from './archive.routes.js';
import { createTagReports } from './tag-reports.service.js';
import { boundTags, createHazardTagClass } from './tag-class.js';
import { createEvaluationReports } from './evaluation-reports.js';
import { createEquipmentLookup } from './equipment.js';

/** How often past-due responsibility checks are turned into to-dos. */
const CHECK_SWEEP_MS = 60_000;

/**
 * Major hazard sources (issue 20): GB 18218-2018 identification and grading
 * (`UAPI/MajorHazard/GradeCalculate`, DOMAIN.md §1), the register of units and
 * their devices on the record engine with each unit's identification kept and
 * re-run when it changes, and the sources with their bound tags for the live
 * monitoring page (values and alarms reach it through the stream).
 */
export const majorHazardModule = defineModule({
  name: 'major-hazard',
  shared: majorHazardShared,
  migrations,
  ledgers: [
    dangerSourceLedger,
    dangerSourceDeviceLedger,
    dangerSourceResponsibleLedger,
    enterpriseInfoLedger,
    dangerCardTemplateLedger,
    dangerCardLedger,
    chemicalProcessLedger,
    evaluationReportLedger,
  ],
  needs: { records: recordsPort, realtime: realtimePort, org: orgPort, alarms: alarmsPort, documents: documentsPort, hiddenDangers: hiddenDangersPort },
  provides: majorHazardPort,
  async start({ http, store, config, log, stream, tagRegistry, ports, lease }) {
    const repo = createIdentificationRepository(store.db);
    // A change of the grading method re-runs every unit's identification (set below, once the service exists).
    let onMethodChange = (): void => undefined;
    const methods = createGradingMethods({ store, onChange: () => onMethodChange() });
    const service = createMajorHazardService({
      repo,
      method: () => methods.current(),
      records: ports.records,
      realtime: ports.realtime,
      registry: tagRegistry,
      live: stream.live,
      alarms: ports.alarms,
    });
    const responsibility = createResponsibility({ store, records: ports.records, hiddenDangers: ports.hiddenDangers });
    onMethodChange = () => void service.refresh().catch((err: unknown) => log.warn({ err }, 'major hazard identification failed'));
    registerMajorHazardRoutes(http, service, { store, documents: ports.documents, org: ports.org, responsibility, methods });
    const cards: CardSources = {
      records: ports.records,
      async identification(unitId) {
        await service.refresh();
        const row = (await repo.all()).find((r) => r.unit_id === unitId);
        return row?.result ? (JSON.parse(row.result) as GradeResultItem) : null;
      },
    };
    ports.documents.registerKind(CARD_LINK_KIND, cardLinkKind(cards));
    registerMoreRoutes(http, {
      store,
      records: ports.records,
      documents: ports.documents,
      methods,
      cards,
      data: { records: ports.records, realtime: ports.realtime, registry: tagRegistry, live: stream.live },
    });
    const evaluations = createEvaluationReports({ store, records: ports.records, org: ports.org });
    registerArchiveRoutes(http, { store, records: ports.records, service, responsibility, evaluations });
    const tagReports = createTagReports({
      db: store.db,
      history: stream.history,
      registry: tagRegistry,
      realtime: ports.realtime,
      alarms: ports.alarms,
      org: ports.org,
    });
    registerTagReportRoutes(http, { db: store.db, reports: tagReports, documents: ports.documents });
    // Reports are generated once per plant: by the server holding the lease (always held on SQLite).
    // Due periods are made and waiting deliveries sent every config.reportTickMs (0: never by itself).
    let reportRun: Promise<void> | null = null;
    const runReports = () => {
      if (config.reportTickMs === 0 || !lease.held() || reportRun) {
        return;
      }
      reportRun = tagReports
        .tick()
        .then(() => tagReports.deliver())
        .then(() => undefined)
        .catch((err: unknown) => log.warn({ err }, 'major hazard tag reports failed'))
        .finally(() => (reportRun = null));
    };
    const reportsSettled = (): Promise<void> => reportRun ?? Promise.resolve();
    const reportTick = setInterval(runReports, Math.max(1000, config.reportTickMs));
    reportTick.unref();
    // The regulator push collects and sends on the server holding the plant's lease only; its buffer is in the store.
    const push = createRegulatorPush({
      db: store.db,
      records: ports.records,
      identified: async () => {
        await service.refresh();
        return repo.all();
      },
      live: stream.live,
      log,
      holds: () => lease.held(),
      options: { backoffMs: config.regulatorPushBackoffMs, pollMs: config.regulatorPushPollMs },
    });
    registerPushRoutes(http, push);
    await lease.follow({ take: () => push.start(), drop: () => push.stop() });
    // Past-due checks and re-assessments coming due open their to-dos (both idempotent, kept in the store).
    const sweep = setInterval(() => {
      void responsibility.sweep().catch((err: unknown) => log.warn({ err }, 'major hazard check sweep failed'));
      void evaluations.sweep().catch((err: unknown) => log.warn({ err }, 'major hazard re-assessment sweep failed'));
    }, CHECK_SWEEP_MS);
    sweep.unref();
    // A unit saved on any server of the store is identified again (the refresh skips units whose input is unchanged).
    // The realtime class 重大危险源 follows the register's devices: every tag bound to one is a member.
    const hazardClass = createHazardTagClass({ records: ports.records, realtime: ports.realtime });
    const syncHazardClass = () => hazardClass.request((err: unknown) => log.warn({ err }, 'major hazard tag class sync failed'));
    const sub = stream.bus.onAnyServer('record.changed').subscribe((e) => {
      if (e.entity === dangerSourceLedger.entity) {
        service.refresh().catch((err: unknown) => log.warn({ err }, 'major hazard identification failed'));
      }
      if (e.entity === dangerSourceDeviceLedger.entity) {
        syncHazardClass();
      }
    });
    // A tag made (or deleted) after a device bound its id joins (or leaves) the class then.
    const tagSub = stream.bus.onAnyServer('tag.changed').subscribe(() => syncHazardClass());
    const ready = (async () => {
      if (config.demo) {
        await seedDemoMajorHazards(store.db, ports.records, ports.org);
        await seedDemoEvaluationReports(store.db, ports.records, ports.documents);
      }
      await service.refresh();
      await hazardClass.sync().catch((err: unknown) => log.warn({ err }, 'major hazard tag class sync failed'));
      // Re-assessments that came due while no server ran open their to-dos before the server listens.
      await evaluations.sweep().catch((err: unknown) => log.warn({ err }, 'major hazard re-assessment sweep failed'));
      // Periods that fell due while no server ran are made before the server listens, not at the next tick.
      runReports();
      await reportsSettled();
    })();
    const port: MajorHazardPort = {
      catalogue: () => seedSubstances,
      substance: (key) => seedSubstances.find((x) => x.code === key || (x.cas !== null && x.cas === key.trim())),
      addUnitStock: (source) => service.addUnitStock(source),
      esdTags: async () => new Set(boundTags(await ports.records.allRecords(dangerSourceDeviceLedger), ['esdTag'])),
      equipment: createEquipmentLookup({ records: ports.records, identification: repo }),
    };
    return {
      port,
      ready,
      exposed: { responsibility, push, tagReports, hazardClass, evaluations },
      close: async () => {
        await push.stop();
        clearInterval(sweep);
        clearInterval(reportTick);
        await reportsSettled();
        sub.unsubscribe();
        tagSub.unsubscribe();
        await hazardClass.idle();
      },
    };
  },
});
