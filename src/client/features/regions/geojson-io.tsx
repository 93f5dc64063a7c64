import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, TreeSelect, Typography, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionGeoJsonExport, regionGeoJsonImport, type RegionFeatureCollection } from '../../../shared/regions/contracts';
import { renderMessage } from '../../../shared/messages/catalog';
import { ApiError, api, errorText } from '../../app/api';
import { useLang } from '../../app/i18n';
import { reloadRegionShapes } from '../../ui/region-shapes';
import { regionsNs } from './locales';

interface ParentNode {
  key: number;
  value: number;
  title: string;
  children: ParentNode[];
}

/** Export the caller's regions as GeoJSON; import a FeatureCollection (all or nothing) under a chosen parent. */
export function GeoJsonButtons({
  parentid,
  parents,
  canManage,
  onImported,
}: {
  parentid: number;
  parents: ParentNode[];
  canManage: boolean;
  onImported: () => void;
}) {
  const { t } = useTranslation(regionsNs);
  const lang = useLang();
  const [msg, holder] = message.useMessage();
  const [open, setOpen] = useState(false);
  const [parent, setParent] = useState(parentid);
  const [file, setFile] = useState<{ name: string; collection: unknown } | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const handleExport = async () => {
    const fc = await api(regionGeoJsonExport, {});
    const blob = new Blob([JSON.stringify(fc, null, 2)], { type: 'application/geo+json' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `regions-${new Date().toISOString().slice(0, 10)}.geojson`;
    a.click();
    URL.revokeObjectURL(url);
  };

  const handleFile = async (f: File | undefined) => {
    setProblems([]);
    if (!f) {
      setFile(null);
      return;
    }
    try {
      setFile({ name: f.name, collection: JSON.parse(await f.text()) as unknown });
    } catch {
      setFile(null);
      setProblems([t('importInvalid')]);
    }
  };

  const handleImport = async () => {
    if (!file) {
      return;
    }
    setBusy(true);
    setProblems([]);
    try {
      const r = await api(
        regionGeoJsonImport,
        { parentid: parent, collection: file.collection as RegionFeatureCollection },
        { silent: true },
      );
      void msg.success(t('importDone', r));
      setOpen(false);
      setFile(null);
      onImported();
      await reloadRegionShapes();
    } catch (err) {
      // Each refused feature by its index and field, in the user's language.
      setProblems(
        err instanceof ApiError && err.issues.length > 0
          ? err.issues.map((i) => `${i.field}: ${renderMessage(lang, i.code, i.params)}`)
          : [errorText(err)],
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {holder}
      <Button icon={<DownloadOutlined />} onClick={() => void handleExport()} data-testid="geojson-export">
        {t('exportGeoJson')}
      </Button>
      {canManage && (
        <Button
          icon={<UploadOutlined />}
          onClick={() => {
            setParent(parentid);
            setOpen(true);
          }}
          data-testid="geojson-import"
        >
          {t('importGeoJson')}
        </Button>
      )}
      <Modal
        open={open}
        title={t('importTitle')}
        onCancel={() => setOpen(false)}
        onOk={() => void handleImport()}
        okButtonProps={{ disabled: !file, loading: busy }}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('importParent')}</Typography.Text>
          <TreeSelect
            style={{ width: '100%' }}
            treeData={parents}
            value={parent}
            onChange={(v: number) => setParent(v)}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
          />
          <input
            type="file"
            accept=".geojson,.json,application/geo+json,application/json"
            onChange={(e) => void handleFile(e.target.files?.[0])}
            data-testid="geojson-file"
          />
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              message={t('importErrors')}
              description={
                <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 200, overflow: 'auto' }}>
                  {problems.map((p, i) => (
                    <li key={i}>{p}</li>
                  ))}
                </ul>
              }
              data-testid="geojson-errors"
            />
          )}
        </Space>
      </Modal>
    </>
  );
}
