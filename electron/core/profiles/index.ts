export * from './types';
export {
  ProfilesService,
  type ConnectionReport,
  type DemoService,
  type FeatureName,
  type ProfileInput,
  type ProfileSummary,
  type ProfilesServiceOptions,
} from './service';
