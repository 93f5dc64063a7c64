/** An error the caller can act on: becomes a 4xx envelope naming the fields in `controls`. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly controls: string[] = [],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, controls: string[] = []) => new AppError(400, message, controls);
export const unauthorized = (message = '未登录或登录已过期 / Not signed in or session expired') => new AppError(401, message);
export const forbidden = (message = '没有权限 / Permission denied') => new AppError(403, message);
export const notFound = (message = '记录不存在 / Not found') => new AppError(404, message);
export const conflict = (message: string, controls: string[] = []) => new AppError(409, message, controls);
export const tooMany = (message: string) => new AppError(429, message);
