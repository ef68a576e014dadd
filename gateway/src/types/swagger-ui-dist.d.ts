declare module 'swagger-ui-dist' {
  /** The folder that holds Swagger UI's built script and stylesheet. */
  export function getAbsoluteFSPath(): string;
  const swaggerUiDist: { getAbsoluteFSPath(): string };
  export default swaggerUiDist;
}
