import { jsaLedger } from '../../../../src/shared/permits/jsa-ledgers.js';
import { recordContracts } from '../../../../src/shared/records/contracts.js';
import { call } from '../../../helpers/api.js';
import { regionIds } from '../realtime/realtime-fixtures.js';

const jsa = recordContracts(jsaLedger);

/**
 * A completed JSA of `permitType` naming permit `number`, saved and completed
 * by the administrator as its analyst: what a hot-work permit's JSA step
 * waits for (GB 30871-2022 Annex A, hazard identification). Returns its id.
 */
export async function completedJsa(url: string, adminToken: string, adminId: number, number: string, permitType = 'hot'): Promise<number> {
  const region = [...(await regionIds(url, adminToken)).values()][0];
  const saved = await call(
    url,
    jsa.save,
    {
      title: `JSA ${number}`,
      permitType,
      permitNo: number,
      region,
      steps: [{ step: '动火', hazardType: 'fire', hazards: '残留可燃介质', controls: '置换、气体分析' }],
      analyst: adminId,
      analysedAt: Date.now(),
    },
    adminToken,
  );
  if (!saved.body.IsSuccess) {
    throw new Error(JSON.stringify(saved.body.error));
  }
  const done = await call(url, jsa.transition, { id: saved.body.data!.id, version: saved.body.data!.version, action: 'complete' }, adminToken);
  if (!done.body.IsSuccess) {
    throw new Error(JSON.stringify(done.body.error));
  }
  return saved.body.data!.id;
}
