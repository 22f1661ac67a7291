/** What the desk's upload API answers (server/http/desk-api.ts). */
export interface UploadedFile {
  file: string;
  url: string;
  bytes: number;
  duration_seconds?: number | null;
}

/**
 * Sends a file to the desk's upload API with progress. fetch() cannot report
 * an upload's progress in browsers yet, so this is XMLHttpRequest. The body is
 * the file itself, streamed by the browser; the CSRF token goes in a header.
 */
export function uploadFile(
  bucket: string,
  file: File,
  csrf: string,
  onProgress: (fraction: number) => void,
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/desk/media/${bucket}?name=${encodeURIComponent(file.name)}`);
    xhr.setRequestHeader("X-CSRF-Token", csrf);
    xhr.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { error?: string } & Partial<UploadedFile> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // A proxy's HTML error page: the status says enough.
      }
      if (xhr.status >= 200 && xhr.status < 300 && body.file) resolve(body as UploadedFile);
      else reject(new Error(body.error ?? `The upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The upload failed: the connection was lost."));
    xhr.send(file);
  });
}
