/* CPU time of a whole command, for the disassembler benchmarks (bench/lib/timing.sh).
 *   bench_cputime R IN CMD [ARG...]
 * runs CMD R times, each with standard input from the file IN and its output to /dev/null, and
 * prints the mean user + system CPU time of one run in nanoseconds, from the resource usage
 * wait4() reports for that child alone (microsecond resolution).  Only the command's own
 * process is counted: not the fork of this program, not a shell around it.  Exits 1 when a
 * run cannot be started or is killed by a signal (a non-zero exit status is counted like
 * any run: the benchmarks compare outputs separately). */
#define _DEFAULT_SOURCE /* wait4, struct rusage */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static double seconds(struct timeval t)
{
    return (double)t.tv_sec + (double)t.tv_usec * 1e-6;
}

int main(int argc, char **argv)
{
    if (argc < 4 || atoi(argv[1]) < 1) {
        fprintf(stderr, "usage: bench_cputime R IN CMD [ARG...]\n");
        return 2;
    }
    int runs = atoi(argv[1]);
    double total = 0;
    for (int r = 0; r < runs; r++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("bench_cputime: fork");
            return 1;
        }
        if (pid == 0) {
            int in = open(argv[2], O_RDONLY), out = open("/dev/null", O_WRONLY);
            if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
                _exit(127);
            close(in);
            close(out);
            execvp(argv[3], argv + 3);
            _exit(127);
        }
        int status;
        struct rusage ru;
        if (wait4(pid, &status, 0, &ru) != pid || WIFSIGNALED(status) ||
            (WIFEXITED(status) && WEXITSTATUS(status) == 127)) {
            fprintf(stderr, "bench_cputime: %s did not run\n", argv[3]);
            return 1;
        }
        total += seconds(ru.ru_utime) + seconds(ru.ru_stime);
    }
    printf("%.0f\n", total / runs * 1e9);
    return 0;
}
