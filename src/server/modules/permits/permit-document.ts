import { permitFormEdition } from '../../../shared/domain/gb30871-grades.js';
import type { PrintDocument } from '../../../shared/documents/document.js';
import { renderMessage } from '../../../shared/messages/catalog.js';
import type { Lang } from '../../../shared/messages/define.js';
import type { PermitDetail } from '../../../shared/permits/contracts.js';
import { formatDate } from '../../../shared/time.js';

const PNG = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;

/**
 * A permit printed in the order of GB 30871-2022 Annex A: the work (type,
 * grade, place, content, time, people), the gas analysis, then every
 * statutory step with its signer, time and drawn signature, the form's
 * edition code at the foot.
 */
export function permitDocument(d: PermitDetail, lang: Lang): PrintDocument {
  const m = (code: string) => renderMessage(lang, code);
  const p = d.permit;
  const at = (t: number | null) => (t === null ? '' : formatDate(t, 'YYYY-MM-DD HH:mm'));
  const grade = p.grade ? m(`permits.grade.${p.grade}`) + (p.effectiveGrade && p.effectiveGrade !== p.grade ? ` → ${m(`permits.grade.${p.effectiveGrade}`)}` : '') : '';
  return {
    title: m(`permits.type.${p.type}`) + (lang === 'zh' ? '安全作业票' : ' permit'),
    subtitle: 'GB 30871-2022',
    number: p.number,
    lang,
    footer: `${permitFormEdition} · GB 30871-2022`,
    blocks: [
      {
        kind: 'fields',
        items: [
          { label: m('permits.ui.number'), value: p.number },
          { label: m('permits.ui.grade'), value: grade },
          { label: m('permits.ui.location'), value: p.location },
          { label: m('permits.ui.content'), value: p.content },
          { label: m('permits.ui.time'), value: `${at(p.start)} – ${at(p.end)}` },
          { label: m('permits.ui.applicant'), value: p.applicantName },
          { label: m('permits.step.guardian'), value: p.guardianName },
          { label: m('permits.ui.workers'), value: p.workers.join('、') },
          { label: m('permits.ui.status'), value: m(`permits.status.${p.status}`) },
          ...(p.finishResult ? [{ label: m('permits.ui.complete'), value: m(`permits.finish.${p.finishResult}`) }] : []),
        ],
      },
      ...(d.gas.length > 0
        ? [
            { kind: 'heading' as const, text: m('permits.ui.gas') },
            {
              kind: 'table' as const,
              columns: [m('permits.ui.sampleTime'), m('permits.ui.lel'), m('permits.ui.reading'), m('permits.ui.o2'), m('permits.ui.analyst')],
              rows: d.gas.map((g) => [at(g.t), g.lel === null ? '' : String(g.lel), g.reading === null ? '' : `${g.reading} ${g.unit ?? '%vol'}`, g.o2 === null ? '' : String(g.o2), g.analyst]),
            },
          ]
        : []),
      { kind: 'heading', text: m('permits.ui.steps') },
      {
        kind: 'signatures',
        items: d.steps.map((s) => ({ role: m(`permits.step.${s.code}`), name: s.signerName, at: s.signedAt, image: s.signature && PNG.test(s.signature) ? s.signature : null, note: s.comment ?? '' })),
      },
    ],
  };
}
