import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { importSheets, planColumns, pointColumns, type ImportSheet } from '../../../shared/inspections/import-columns';
import { inspectionImport, inspectionImportTemplate } from '../../../shared/inspections/import-contracts';
import { ApiError, errorText } from '../../app/api';
import { downloadPost, postFile } from '../../ui/records/record-api';
import { useMsg } from './use-msg';

interface Problem {
  key: string;
  sheet: string;
  row: number;
  column: string;
  text: string;
}

interface Result {
  pointsCreated: number;
  pointsUpdated: number;
  plans: number;
}

/** /systemConfig/InspectionImport: download the template, fill in points and plans, import them all or none. */
export function InspectionImportPage() {
  const { lang, m } = useMsg();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const [error, setError] = useState('');
  const [problems, setProblems] = useState<Problem[]>([]);
  const L = (zh: string, en: string) => (lang === 'en' ? en : zh);

  const columnLabel = (sheet: string, key: string) => {
    const cols: readonly { key: string; zh: string; en: string }[] = sheet === 'plans' ? planColumns : pointColumns;
    const c = cols.find((x) => x.key === key);
    return c ? c[lang] : key;
  };

  const upload = async (file: File) => {
    setBusy(true);
    setResult(null);
    setError('');
    setProblems([]);
    try {
      setResult(await postFile<Result>(inspectionImport.path, file));
    } catch (err) {
      setError(errorText(err, lang));
      if (err instanceof ApiError) {
        setProblems(
          err.issues
            .map((i) => {
              const [sheet, row, column] = i.field.split('.');
              return { key: i.field, sheet: importSheets[sheet as ImportSheet]?.[lang] ?? sheet, row: Number(row), column: columnLabel(sheet, column), text: m(i.code, i.params) };
            })
            .filter((p) => Number.isFinite(p.row)),
        );
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={L('巡检点与计划导入', 'Import inspection points and plans')} data-testid="insp-import">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary">
          {L(
            '下载模板，在“巡检点”和“巡检计划”两张表中填写后上传。文件中任何一处错误都不会导入任何数据，错误会列出表、行和列。',
            'Download the template, fill in the Points and Plans sheets and upload it. Any problem in the file imports nothing; each problem is listed with its sheet, row and column.',
          )}
        </Typography.Paragraph>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            data-testid="insp-import-template"
            onClick={() => void downloadPost(inspectionImportTemplate.path, {}, `${m('inspections.import.templateName')}.xlsx`).catch((e: unknown) => setError(errorText(e, lang)))}
          >
            {L('下载模板', 'Download template')}
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void upload(file);
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="insp-import-upload">
              {L('选择文件导入', 'Choose a file to import')}
            </Button>
          </Upload>
        </Space>
        {result && (
          <Alert
            type="success"
            showIcon
            data-testid="insp-import-result"
            message={L(
              `导入成功：新增巡检点 ${result.pointsCreated} 个，更新 ${result.pointsUpdated} 个，新增巡检计划 ${result.plans} 个`,
              `Imported: ${result.pointsCreated} points added, ${result.pointsUpdated} updated, ${result.plans} plans added`,
            )}
          />
        )}
        {error && <Alert type="error" showIcon data-testid="insp-import-error" message={error} />}
        {problems.length > 0 && (
          <Table<Problem>
            size="small"
            rowKey="key"
            data-testid="insp-import-problems"
            dataSource={problems}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: L('表', 'Sheet'), dataIndex: 'sheet' },
              { title: L('行', 'Row'), dataIndex: 'row' },
              { title: L('列', 'Column'), dataIndex: 'column' },
              { title: L('问题', 'Problem'), dataIndex: 'text' },
            ]}
          />
        )}
      </Space>
    </Card>
  );
}
