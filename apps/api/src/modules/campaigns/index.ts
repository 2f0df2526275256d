// Campaign messages: the back office's routes write and schedule them; the job queue delivers them.
export { defineCampaignJobs } from './campaigns.jobs.ts';
export {
  cancelCampaign,
  createCampaign,
  previewSegment,
  scheduleCampaign,
  type NewCampaign,
} from './campaigns.service.ts';
export { campaignById, listCampaigns, presentCampaign, type CampaignRow } from './campaigns.repository.ts';
export {
  CAMPAIGN_BATCH,
  deliverRange,
  resumeCampaigns,
  startCampaign,
  type CampaignQueues,
  type CampaignRange,
} from './delivery.ts';
