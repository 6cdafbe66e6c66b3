C SPDX-License-Identifier: BSD-3-Clause
C-----------------------------------------------------------------------
C Independent test oracle for CERNLIB V116 RM48 / RM48IN / RM48UT
C (V116 writeup and rm48.F). DOUBLE PRECISION throughout, state in
C COMMON /R48ST1/ U(97), C, I97, J97; counters in the private common
C /GRRF48/ NTOT, NTOT2, IJKL, NINIT (NINIT = 0: nothing initialised,
C which the original encodes as NTOT = -1: RM48UT then reports
C IJKL, NTOT, NTOT2 = 0, -1, 0).
C
C  - RM48 without RM48IN initialises with 54217137, 0, 0 (and prints);
C  - RM48IN: NTOT = MAX(NTOTIN,0), NTOT2 = MAX(NTOT2N,0), prints
C    ' RM48 INITIALIZED:' with format (A,I10,2X,2I10), 48-bit fill;
C  - skip bug: for each of the NTOT2+1 passes whose length NOW (10**9,
C    the last pass NTOT) is > 0, print ' RM48IN SKIPPING OVER ' with
C    format (A,I15), then take NTOT (not NOW) steps;
C  - counters cumulative; exact zero -> 2**-49.
C-----------------------------------------------------------------------
      SUBROUTINE RM48(RVEC,LENV)
      IMPLICIT NONE
      INTEGER LENV
      DOUBLE PRECISION RVEC(*)
      DOUBLE PRECISION U(97), C
      INTEGER I97, J97
      COMMON /R48ST1/ U, C, I97, J97
      INTEGER NTOT, NTOT2, IJKL, NINIT
      DOUBLE PRECISION T49
      COMMON /GRRF48/ T49, NTOT, NTOT2, IJKL, NINIT
      SAVE /R48ST1/, /GRRF48/
      DOUBLE PRECISION UNI, CD, CM
      INTEGER N
      PARAMETER (CD = 7654321.0D0/16777216.0D0)
      PARAMETER (CM = 16777213.0D0/16777216.0D0)

      IF (NINIT .EQ. 0) THEN
        IJKL  = 54217137
        NTOT  = 0
        NTOT2 = 0
        CALL GRR48I
      ENDIF
      DO 10 N = 1, LENV
        CALL GRST48(U, I97, J97, C, CD, CM, UNI)
        IF (UNI .EQ. 0.0D0) UNI = T49
        RVEC(N) = UNI
   10 CONTINUE
      NTOT = NTOT + LENV
      IF (NTOT .GE. 1000000000) THEN
        NTOT2 = NTOT2 + 1
        NTOT  = NTOT - 1000000000
      ENDIF
      END

      SUBROUTINE RM48IN(IJKLIN,NTOTIN,NTOT2N)
      IMPLICIT NONE
      INTEGER IJKLIN, NTOTIN, NTOT2N
      INTEGER NTOT, NTOT2, IJKL, NINIT
      DOUBLE PRECISION T49
      COMMON /GRRF48/ T49, NTOT, NTOT2, IJKL, NINIT
      SAVE /GRRF48/
      IJKL  = IJKLIN
      NTOT  = MAX(NTOTIN, 0)
      NTOT2 = MAX(NTOT2N, 0)
      CALL GRR48I
      END

      SUBROUTINE RM48UT(IJKLUT,NTOTUT,NTOT2T)
      IMPLICIT NONE
      INTEGER IJKLUT, NTOTUT, NTOT2T
      INTEGER NTOT, NTOT2, IJKL, NINIT
      DOUBLE PRECISION T49
      COMMON /GRRF48/ T49, NTOT, NTOT2, IJKL, NINIT
      SAVE /GRRF48/
      IF (NINIT .EQ. 0) THEN
        IJKLUT = 0
        NTOTUT = -1
        NTOT2T = 0
      ELSE
        IJKLUT = IJKL
        NTOTUT = NTOT
        NTOT2T = NTOT2
      ENDIF
      END

C Initialisation shared by the first RM48 call and RM48IN.
      SUBROUTINE GRR48I
      IMPLICIT NONE
      DOUBLE PRECISION U(97), C
      INTEGER I97, J97
      COMMON /R48ST1/ U, C, I97, J97
      INTEGER NTOT, NTOT2, IJKL, NINIT
      DOUBLE PRECISION T49
      COMMON /GRRF48/ T49, NTOT, NTOT2, IJKL, NINIT
      SAVE /R48ST1/, /GRRF48/
      DOUBLE PRECISION CD, CM
      PARAMETER (CD = 7654321.0D0/16777216.0D0)
      PARAMETER (CM = 16777213.0D0/16777216.0D0)
      INTEGER IPASS, NOW

      NINIT = 1
      WRITE(6,'(A,I10,2X,2I10)') ' RM48 INITIALIZED:', IJKL, NTOT, NTOT2
      CALL GRFL48(IJKL, U, T49)
      C   = 362436.0D0/16777216.0D0
      I97 = 97
      J97 = 33
      DO 10 IPASS = 1, NTOT2 + 1
        NOW = 1000000000
        IF (IPASS .EQ. NTOT2 + 1) NOW = NTOT
        IF (NOW .GT. 0) THEN
          WRITE(6,'(A,I15)') ' RM48IN SKIPPING OVER ', NOW
C         the V116 bug: NTOT steps in every such pass, not NOW
          CALL GRSK48(U, I97, J97, C, CD, CM, NTOT)
        ENDIF
   10 CONTINUE
      END
