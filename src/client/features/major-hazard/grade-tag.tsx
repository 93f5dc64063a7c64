import { Tag } from 'antd';
import { renderMessage } from '../../../shared/messages/catalog';
import type { Lang } from '../../app/i18n';

/** Grade colours: 一级 red … 四级 blue (DOMAIN.md §5 warning colours). */
const gradeColors: Record<number, string> = { 1: 'red', 2: 'orange', 3: 'gold', 4: 'blue' };

export function GradeTag({ grade, isMajor, lang, testId }: { grade: number | null; isMajor: boolean; lang: Lang; testId?: string }) {
  if (!isMajor || grade === null) {
    return (
      <Tag data-testid={testId} data-grade="">
        {renderMessage(lang, 'majorHazard.notMajor')}
      </Tag>
    );
  }
  return (
    <Tag color={gradeColors[grade]} data-testid={testId} data-grade={grade}>
      {renderMessage(lang, `majorHazard.grade.${grade}`)}
    </Tag>
  );
}
